import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useMemo, useRef, useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { MarkupTextarea } from "./MarkupTextarea";
import { mentionProviders } from "./mentionProviders";
import { mentionLabels, peopleMentionSource, type MentionCandidate, type MentionSource } from "./mentions";

const people = [
  { id: "1", username: "ada", tag: "0001" },
  { id: "2", username: "adam", tag: "0002" },
  { id: "3", username: "bob", tag: "0003" },
];

let value = "";

function Box({ source }: { source: MentionSource }) {
  const [text, setText] = useState("");
  const ref = useRef<HTMLTextAreaElement>(null);
  const providers = useMemo(() => mentionProviders(source), [source]);
  const labelOf = useMemo(() => mentionLabels(source), [source]);
  value = text;
  return (
    <MarkupTextarea
      aria-label="box"
      textareaRef={ref}
      value={text}
      onValueChange={setText}
      labelOf={labelOf}
      providers={providers}
      listId="list"
    />
  );
}

const box = () => screen.getByLabelText("box") as HTMLTextAreaElement;
const type = (text: string, caret = text.length) => fireEvent.change(box(), { target: { value: text, selectionStart: caret } });
const options = () =>
  screen.queryAllByRole("option").map((option) => [...option.querySelectorAll(".suggestions__label, .suggestions__detail")].map((part) => part.textContent).join(" "));

afterEach(() => {
  cleanup();
  value = "";
});

describe("a text box with mentions", () => {
  it("lists people on @, picks with the keyboard and shows a chip over the markup", () => {
    render(<Box source={peopleMentionSource(people)} />);
    type("hi @ad");
    expect(screen.getByRole("listbox", { name: "Mention suggestions" })).toBeTruthy();
    expect(options()).toEqual(["ada", "adam"]);
    expect(box().getAttribute("aria-activedescendant")).toBe("list-0");
    fireEvent.keyDown(box(), { key: "ArrowDown" });
    expect(box().getAttribute("aria-activedescendant")).toBe("list-1");
    fireEvent.keyDown(box(), { key: "Enter" });
    expect(value).toBe("hi [@:2] ");
    expect(box().value).toBe("hi @adam ");
    expect(screen.queryByRole("listbox")).toBeNull();
    const chip = document.querySelector(".markup-textarea__chip");
    expect(chip?.textContent).toBe("@adam");
    expect(chip?.closest("[aria-hidden='true']")).toBeTruthy();
  });

  it("removes a chip whole with Backspace; typing into it leaves plain text", () => {
    render(<Box source={peopleMentionSource(people)} />);
    type("@bo");
    fireEvent.keyDown(box(), { key: "Tab" });
    expect(value).toBe("[@:3] ");
    type("@bob"); // the space
    expect(value).toBe("[@:3]");
    type("@bo"); // into the chip: it goes
    expect(value).toBe("");
    expect(box().value).toBe("");
    type("@bo");
    fireEvent.click(screen.getByRole("option", { name: "bob" }));
    type("@bxob ", 3);
    expect(value).toBe("@bxob ");
    expect(document.querySelector(".markup-textarea__chip")).toBeNull();
  });

  it("closes on Escape and leaves what was typed", () => {
    render(<Box source={peopleMentionSource(people)} />);
    type("@a");
    fireEvent.keyDown(box(), { key: "Escape" });
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(value).toBe("@a");
  });

  it("shows what the source finds later (a server's search), unless typing went on", async () => {
    let answer!: (found: MentionCandidate[]) => void;
    const source: MentionSource = {
      people: (query) =>
        query === "car"
          ? { items: [], later: new Promise((resolve) => (answer = resolve)) }
          : { items: [], later: Promise.resolve([{ kind: "user", id: "9", name: "stale" }]) },
    };
    render(<Box source={source} />);
    type("@ca");
    type("@car");
    await act(async () => answer([{ kind: "user", id: "8", name: "carol", online: true }]));
    expect(options()).toEqual(["carol"]);
    fireEvent.keyDown(box(), { key: "Enter" });
    expect(value).toBe("[@:8] ");
    expect(box().value).toBe("@carol ");
  });

  it("offers roles and @everyone as the source gives them, with the role's markup", () => {
    const source: MentionSource = {
      people: () => ({
        items: [
          { kind: "role", id: "7", name: "Helpers", color: "#ff0000" },
          { kind: "everyone", id: "e", name: "everyone", detail: "All of them" },
        ],
      }),
      channels: () => ({ items: [{ kind: "channel", id: "9", name: "news" }] }),
      name: (kind, id) => (kind === "role" && id === "7" ? "Helpers" : kind === "channel" && id === "9" ? "news" : undefined),
    };
    render(<Box source={source} />);
    type("@");
    expect(options()).toEqual(["@Helpers", "@everyone All of them"]);
    fireEvent.keyDown(box(), { key: "Enter" });
    type("@Helpers #n");
    expect(screen.getByRole("listbox", { name: "Channel suggestions" })).toBeTruthy();
    fireEvent.keyDown(box(), { key: "Enter" });
    expect(value).toBe("[r:7] [#:9] ");
    expect(box().value).toBe("@Helpers #news ");
  });
});

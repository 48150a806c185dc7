import { registerTranslations } from "@hearth/i18n/i18n";
import { peopleMentionSource } from "@hearth/ui/suggest/mentions";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createRef } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import enGb from "../en-gb.json";
import { getDraft, useDraftStore } from "../store/draftStore";
import { Composer } from "./Composer";
import { PaneContext, type PaneContextValue } from "./paneContext";

vi.mock("../store/typingStore", () => ({ notifyTyping: vi.fn(), resetTypingThrottle: vi.fn() }));

registerTranslations("en-gb", "messages", enGb);

const pane: PaneContextValue = {
  serverId: null,
  channelId: "c1",
  selfId: "1",
  permissions: { send: true, pin: false, manage: false },
  mentions: peopleMentionSource([
    { id: "1", username: "ada", tag: "0001" },
    { id: "2", username: "bob", tag: "0002" },
  ]),
  findUser: () => undefined,
  jumpTo: () => undefined,
  reply: () => undefined,
  edit: () => undefined,
  remove: () => undefined,
  markUnread: () => undefined,
  focusComposer: () => undefined,
};

function renderComposer() {
  render(
    <PaneContext.Provider value={pane}>
      <Composer placeholder="Message #general" textareaRef={createRef<HTMLTextAreaElement>()} onSend={() => undefined} />
    </PaneContext.Provider>,
  );
}

const files = (...names: string[]) => names.map((name) => new File([name], name, { type: "text/plain" }));
const box = () => screen.getByRole("textbox", { name: "Message" }) as HTMLTextAreaElement;

beforeEach(() => useDraftStore.setState({ drafts: {} }));
afterEach(cleanup);

describe("the composer", () => {
  it("takes several picked files, each with a remove button", () => {
    renderComposer();
    fireEvent.change(screen.getByTestId("composer-file-input"), { target: { files: files("a.txt", "b.txt", "c.txt") } });
    const list = screen.getByRole("list", { name: "Files to send: 3" });
    expect([...list.querySelectorAll(".composer__file-name")].map((name) => name.textContent)).toEqual(["a.txt", "b.txt", "c.txt"]);
    fireEvent.click(screen.getByRole("button", { name: "Remove b.txt" }));
    expect(getDraft("c1").attachments.map((a) => a.file.name)).toEqual(["a.txt", "c.txt"]);
  });

  it("takes pasted files, and says so when more than ten are given", () => {
    renderComposer();
    fireEvent.paste(box(), { clipboardData: { files: files(...Array.from({ length: 11 }, (_, n) => `p${n}.txt`)) } });
    expect(getDraft("c1").attachments).toHaveLength(10);
    expect(screen.getByRole("alert").textContent).toBe("You can send up to 10 files at once; the others were left out.");
  });

  it("puts a picked person's markup in the draft and shows their name", () => {
    renderComposer();
    fireEvent.change(box(), { target: { value: "hi @b", selectionStart: 5 } });
    expect(screen.getByRole("option", { name: /bob/ })).toBeTruthy();
    fireEvent.keyDown(box(), { key: "Enter" });
    expect(getDraft("c1").content).toBe("hi [@:2] ");
    expect(box().value).toBe("hi @bob ");
  });
});

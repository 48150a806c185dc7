import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { shellSlots } from "../../plugins/extensions";
import { clearSlots, fillSlots } from "../../plugins/slots";
import { loadEmojis } from "./emojiData";
import { convertShortcodes } from "./ShortcodeSuggestions";
import { Box, typeInto } from "./ShortcodeSuggestions.testBox";

vi.mock("virtual:emoji-data", () => ({
  default: [
    ["😄", "grinning face with smiling eyes", 0, "smile", "smile"],
    ["😺", "grinning cat", 3, "cat", "smiley_cat"],
  ],
}));

const type = (value: string) => typeInto(screen.getByLabelText("box"), value);

beforeEach(async () => {
  fillSlots([shellSlots.customEmojiGroups.fill(() => [{ id: "s1", name: "Hearthside", emojis: [{ id: "7", name: "smirk_party", gif: true }] }])]);
  await loadEmojis();
});
afterEach(() => {
  cleanup();
  clearSlots();
});

describe("shortcode suggestions", () => {
  it("open after a colon and two characters, move with the arrows and pick with Enter", () => {
    render(<Box />);
    type("hi :s");
    expect(screen.queryByRole("listbox")).toBeNull();
    type("hi :sm");
    const options = () => screen.getAllByRole("option").map((option) => option.querySelector(".suggestions__label")?.textContent);
    expect(options()).toEqual([":smile:", ":smiley_cat:", ":smirk_party:"]);
    const box = screen.getByLabelText("box");
    fireEvent.keyDown(box, { key: "ArrowDown" });
    fireEvent.keyDown(box, { key: "ArrowDown" });
    fireEvent.keyDown(box, { key: "ArrowDown" });
    fireEvent.keyDown(box, { key: "ArrowUp" });
    expect(screen.getAllByRole("option")[2]!.getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(box, { key: "Enter" });
    expect(screen.queryByRole("listbox")).toBeNull();
    expect((box as HTMLTextAreaElement).value).toBe("hi [ace:7:smirk_party] ");
  });

  it("pick with Tab or a click, close with Escape", () => {
    render(<Box />);
    const box = screen.getByLabelText("box") as HTMLTextAreaElement;
    type(":smi");
    fireEvent.keyDown(box, { key: "Tab" });
    expect(box.value).toBe("😄 ");
    type("😄 :cat");
    fireEvent.click(screen.getByRole("option", { name: /smiley_cat/ }));
    expect(box.value).toBe("😄 😺 ");
    type("😄 😺 :smi");
    fireEvent.keyDown(box, { key: "Escape" });
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(box.value).toBe("😄 😺 :smi");
  });

  it("convert complete shortcodes with the loaded list and the custom emojis", () => {
    expect(convertShortcodes("yes :smile: :smirk_party: :nope:")).toBe("yes 😄 [ace:7:smirk_party] :nope:");
    expect(convertShortcodes("no colon")).toBe("no colon");
  });
});

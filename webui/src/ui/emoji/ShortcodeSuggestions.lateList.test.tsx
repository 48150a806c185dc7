/** The Unicode emoji list loads on the first colon; on a busy machine it arrives after the user
 * already picked a suggestion (or closed the list): it must not reopen the list over the picked text. */
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { shellSlots } from "../../plugins/extensions";
import { clearSlots, fillSlots } from "../../plugins/slots";
import { loadEmojis } from "./emojiData";
import { Box, typeInto } from "./ShortcodeSuggestions.testBox";

const gate = vi.hoisted(() => {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open: () => open() };
});

vi.mock("virtual:emoji-data", async () => {
  await gate.opened;
  return { default: [["😄", "grinning face with smiling eyes", 0, "smile", "smile"]] };
});

beforeEach(() => {
  fillSlots([shellSlots.customEmojiGroups.fill(() => [{ id: "s1", name: "Hearthside", emojis: [{ id: "7", name: "party", gif: false }] }])]);
});
afterEach(() => {
  cleanup();
  clearSlots();
});

describe("a late emoji list", () => {
  it("does not reopen suggestions picked from before it arrived", async () => {
    render(<Box />);
    const box = screen.getByLabelText("box") as HTMLTextAreaElement;
    typeInto(box, "look :par");
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual([":party:"]);
    fireEvent.keyDown(box, { key: "Enter" });
    expect(box.value).toBe("look [ce:7:party] ");
    expect(screen.queryByRole("listbox")).toBeNull();
    gate.open();
    await loadEmojis();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(box.value).toBe("look [ce:7:party] ");
  });
});

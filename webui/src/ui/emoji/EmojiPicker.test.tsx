import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { shellSlots } from "../../plugins/extensions";
import { clearSlots, fillSlots } from "../../plugins/slots";
import { EmojiPicker, searchCustomEmojis } from "./EmojiPicker";

vi.mock("virtual:emoji-data", () => ({ default: [["😀", "grinning face", 0, "face grin", "grinning"]] }));

const groups = [
  { id: "s1", name: "Hearthside", emojis: [{ id: "11", name: "wave" }, { id: "12", name: "party", gif: true }] },
  { id: "s2", name: "Empty", emojis: [] },
];

beforeEach(() => {
  localStorage.clear();
  fillSlots([shellSlots.customEmojiGroups.fill(() => groups)]);
});
afterEach(() => {
  cleanup();
  clearSlots();
});

describe("EmojiPicker custom emojis", () => {
  it("shows a section per server with emojis and picks their markup", async () => {
    const onPick = vi.fn();
    const { container } = render(<EmojiPicker onPick={onPick} />);
    await screen.findByLabelText("grinning face");
    const section = container.querySelector('section[aria-label="Hearthside"]')!;
    expect([...section.querySelectorAll("img")].map((image) => image.getAttribute("src"))).toEqual(["/cdn/emojis/11", "/cdn/emojis/12"]);
    expect(container.querySelector('section[aria-label="Empty"]')).toBeNull();
    fireEvent.click(screen.getByLabelText(":party:"));
    expect(onPick).toHaveBeenCalledWith({ unicode: "[ace:12:party]", label: "party", custom: groups[0]!.emojis[1] });
    // Custom picks are not remembered among the recent Unicode emoji.
    expect(localStorage.getItem("recentEmojis")).toBeNull();
  });

  it("finds custom emojis by name when searching", async () => {
    const onPick = vi.fn();
    render(<EmojiPicker onPick={onPick} />);
    await screen.findByLabelText("grinning face");
    const search = screen.getByPlaceholderText("Search emoji");
    fireEvent.change(search, { target: { value: "wav" } });
    expect(screen.getByLabelText(":wave:")).toBeTruthy();
    fireEvent.keyDown(search, { key: "Enter" });
    expect(onPick).toHaveBeenCalledWith({ unicode: "[ce:11:wave]", label: "wave", custom: groups[0]!.emojis[0] });
  });

  it("ranks names starting with the query first", () => {
    expect(searchCustomEmojis([{ id: "s", name: "S", emojis: [{ id: "1", name: "cat_wave" }, { id: "2", name: "wave" }] }], "wave").map((e) => e.id)).toEqual(["2", "1"]);
    expect(searchCustomEmojis(groups, " ")).toEqual([]);
  });
});

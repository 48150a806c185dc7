import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { base } from "virtual:twemoji";
import { Markup } from "../markup/Markup";
import { Emoji, EmojiText } from "./Emoji";

afterEach(cleanup);

const pictures = (container: HTMLElement) => [...container.querySelectorAll<HTMLImageElement>("img.emoji")];

describe("Emoji", () => {
  it("draws an emoji as Twemoji's picture from this server, lazily, with the emoji as alt text", () => {
    render(<Emoji emoji="😀" />);
    const picture = screen.getByRole("img", { name: "😀" });
    expect(base).toMatch(/^\/assets\/twemoji-[0-9.]+\/$/);
    expect(picture.getAttribute("src")).toBe(`${base}1f600.svg`);
    expect(picture.getAttribute("loading")).toBe("lazy");
    expect(picture.getAttribute("decoding")).toBe("async");
  });

  it("names files as Twemoji does: no U+FE0F outside ZWJ sequences", () => {
    const { container } = render(
      <>
        <Emoji emoji={"\u2764\uFE0F"} />
        <Emoji emoji="👩‍💻" />
        <Emoji emoji="🏳️‍🌈" />
        <Emoji emoji="🇬🇧" />
        <Emoji emoji="👍🏽" />
        <Emoji emoji={"#\uFE0F\u20E3"} />
      </>,
    );
    expect(pictures(container).map((picture) => picture.getAttribute("src")!.slice(base.length))).toEqual([
      "2764.svg",
      "1f469-200d-1f4bb.svg",
      "1f3f3-fe0f-200d-1f308.svg",
      "1f1ec-1f1e7.svg",
      "1f44d-1f3fd.svg",
      "23-20e3.svg",
    ]);
  });

  it("leaves text-style characters as text unless U+FE0F asks for the emoji", () => {
    const { container } = render(
      <p>
        <Emoji emoji="©" />
        <Emoji emoji="™" />
        <Emoji emoji={"\u263A\uFE0E"} />
        <Emoji emoji={"\u00A9\uFE0F"} />
      </p>,
    );
    expect(pictures(container).map((picture) => picture.alt)).toEqual(["\u00A9\uFE0F"]);
    expect(container.textContent).toBe("©™\u263A\uFE0E");
  });

  it("falls back to the text when there is no picture, and later ones start as text", () => {
    const unknown = "😀\u200D😀"; // a ZWJ sequence no one drew
    const { container, unmount } = render(<Emoji emoji={unknown} />);
    fireEvent.error(screen.getByRole("img", { name: unknown }));
    expect(pictures(container)).toEqual([]);
    expect(container.textContent).toBe(unknown);
    unmount();
    const again = render(<Emoji emoji={unknown} />);
    expect(pictures(again.container)).toEqual([]);
    expect(again.container.textContent).toBe(unknown);
  });
});

describe("EmojiText", () => {
  it("draws the emoji of a name as pictures and leaves the rest as text", () => {
    const { container } = render(<EmojiText text="Ann 🎉 and 👩‍👩‍👧!" />);
    expect(pictures(container).map((picture) => picture.alt)).toEqual(["🎉", "👩‍👩‍👧"]);
    expect(container.textContent).toBe("Ann  and !");
  });

  it("adds no element to a name without emoji", () => {
    const { container } = render(<EmojiText text="Ana Lúcia: ©2026" />);
    expect(container.innerHTML).toBe("Ana Lúcia: ©2026");
  });
});

describe("emoji in messages", () => {
  it("keeps the emoji characters as the pictures' alt text, in order, for copying", () => {
    const { container } = render(<Markup content="good 👍 **very 🔥** done" />);
    const shown = pictures(container);
    expect(shown.map((picture) => picture.alt)).toEqual(["👍", "🔥"]);
    expect(shown.every((picture) => picture.classList.contains("markup__emoji"))).toBe(true);
    expect(readAsCopied(container)).toBe("good 👍 very 🔥 done");
  });

  it("shows emoji-only messages large", () => {
    const { container } = render(<Markup content="🎉🎉" />);
    expect(container.querySelector(".markup--jumbo")).not.toBeNull();
    expect(pictures(container)).toHaveLength(2);
  });
});

/** The text a copy gives: text nodes, and each picture's alt text (as browsers copy images). */
function readAsCopied(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? "";
  if (node instanceof HTMLImageElement) return node.alt;
  return [...node.childNodes].map(readAsCopied).join("");
}

import { describe, expect, it } from "vitest";
import { applyDisplayEdit, markupBetween, replaceDisplayRange, toDisplay, type LabelOf } from "./markupText";

const names: Record<string, string> = { "user:1": "@Ada", "user:2": "@Bob", "role:7": "@Helpers", "channel:9": "#news", "everyone:e": "@everyone" };
const labelOf: LabelOf = (kind, id) => names[`${kind}:${id}`] ?? "@?";

/** The markup after typing: `before` (markup) shown, the box's text changed to `after` with the caret at `caret`. */
function edit(before: string, after: string, caret = after.length) {
  return applyDisplayEdit(toDisplay(before, labelOf), after, caret);
}

describe("mention markup shown as names", () => {
  it("shows every mention by name and keeps where each one is", () => {
    const text = toDisplay("hi [@:1], [r:7] and [@:e] see [#:9]!", labelOf);
    expect(text.display).toBe("hi @Ada, @Helpers and @everyone see #news!");
    expect(text.atoms.map((atom) => [atom.kind, atom.id, text.display.slice(atom.start, atom.end)])).toEqual([
      ["user", "1", "@Ada"],
      ["role", "7", "@Helpers"],
      ["everyone", "e", "@everyone"],
      ["channel", "9", "#news"],
    ]);
    expect(text.masked).toBe("hi \uFFFC\uFFFC\uFFFC\uFFFC, " + "\uFFFC".repeat(8) + " and " + "\uFFFC".repeat(9) + " see " + "\uFFFC".repeat(5) + "!");
  });

  it("leaves quotes, custom emoji and broken markup as text", () => {
    const text = toDisplay("[q:5] [ce:3:cat] [@:abc] [@:1", labelOf);
    expect(text.display).toBe("[q:5] [ce:3:cat] [@:abc] [@:1");
    expect(text.atoms).toEqual([]);
  });

  it("gives the markup of a stretch, whole mentions as markup and cut ones as their text", () => {
    const text = toDisplay("a [@:1] b", labelOf); // "a @Ada b"
    expect(markupBetween(text, 0, 8)).toBe("a [@:1] b");
    expect(markupBetween(text, 0, 4)).toBe("a @A");
    expect(markupBetween(text, 4, 8)).toBe("da b");
    expect(markupBetween(text, 2, 6)).toBe("[@:1]");
  });
});

describe("changes made in the box", () => {
  it("keeps mentions around text typed, pasted or deleted elsewhere", () => {
    expect(edit("hi [@:1]", "hi @Ada!")).toEqual({ markup: "hi [@:1]!", caret: 8 });
    expect(edit("hi [@:1]", "oh hi @Ada", 3)).toEqual({ markup: "oh hi [@:1]", caret: 3 });
    expect(edit("[@:1] [@:2]", "@Ada and @Bob", 9)).toEqual({ markup: "[@:1] and [@:2]", caret: 9 });
    expect(edit("hi [@:1]", "h @Ada", 1)).toEqual({ markup: "h [@:1]", caret: 1 });
  });

  it("deletes a mention whole when Backspace or Delete reaches it", () => {
    expect(edit("hi [@:1]", "hi @Ad")).toEqual({ markup: "hi ", caret: 3 });
    expect(edit("[@:1] there", "Ada there", 0)).toEqual({ markup: " there", caret: 0 }); // Delete at the start
    expect(edit("a [#:9] b", "a #nws b", 4)).toEqual({ markup: "a  b", caret: 2 });
  });

  it("turns a mention into plain text when typed into (it pings nobody then)", () => {
    expect(edit("hi [@:1]", "hi @Adxa", 7)).toEqual({ markup: "hi @Adxa", caret: 7 });
    expect(edit("hi [@:1]", "hi @Zda", 5)).toEqual({ markup: "hi @Zda", caret: 5 }); // "A" selected, "Z" typed
  });

  it("puts a picked mention in place of what was typed, the caret after it", () => {
    const text = toDisplay("[@:2] hello @ad", labelOf); // "@Bob hello @ad"
    expect(replaceDisplayRange(text, 11, 14, "[@:1] ", labelOf)).toEqual({ markup: "[@:2] hello [@:1] ", caret: 16 });
    expect(replaceDisplayRange(toDisplay("x", labelOf), 1, 1, "😄", labelOf)).toEqual({ markup: "x😄", caret: 3 });
  });

  it("a change that is not at the caret (a script's) is still carried over", () => {
    expect(edit("[@:1] a", "@Ada ab", 0)).toEqual({ markup: "[@:1] ab", caret: 7 });
  });
});

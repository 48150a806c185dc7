/**
 * A text box that holds the wire's mention markup (`[@:<userId>]`, `[@:e]`, `[r:<roleId>]`,
 * `[#:<channelId>]`, entities.md §6.1) but shows names (`@Ada`, `#general`). The markup is the
 * value (drafts, edits and sends keep it as the server reads it); the text box shows its display
 * text, and every change the user makes to the display text is carried back into the markup.
 *
 * A mention is one piece: deleting into it removes it whole (Backspace after a chip removes the
 * chip); typing inside it, or replacing part of it, turns it back into the plain text it shows,
 * which pings nobody. Pure functions; names come from `labelOf`.
 */

export type MentionAtomKind = "user" | "everyone" | "role" | "channel";

export interface MentionAtom {
  kind: MentionAtomKind;
  id: string;
  markup: string;
  /** Where it is in the display text. */
  start: number;
  end: number;
}

export interface DisplayText {
  markup: string;
  display: string;
  /** The display text with every mention blanked out (U+FFFC), for finding what is being typed. */
  masked: string;
  atoms: MentionAtom[];
}

/** The text a mention shows, `@` or `#` included. */
export type LabelOf = (kind: MentionAtomKind, id: string) => string;

const ATOM = /\[@:(?:e|\d{1,20})\]|\[r:\d{1,20}\]|\[#:\d{1,20}\]/g;
const BLANK = "\uFFFC";

function atomOf(markup: string): { kind: MentionAtomKind; id: string } {
  const id = markup.slice(3, -1);
  if (markup[1] === "r") return { kind: "role", id };
  if (markup[1] === "#") return { kind: "channel", id };
  return id === "e" ? { kind: "everyone", id } : { kind: "user", id };
}

export function toDisplay(markup: string, labelOf: LabelOf): DisplayText {
  const atoms: MentionAtom[] = [];
  let display = "";
  let masked = "";
  let from = 0;
  for (const match of markup.matchAll(ATOM)) {
    const plain = markup.slice(from, match.index);
    display += plain;
    masked += plain;
    const { kind, id } = atomOf(match[0]);
    const label = labelOf(kind, id).replace(/[\r\n]+/g, " ") || match[0];
    atoms.push({ kind, id, markup: match[0], start: display.length, end: display.length + label.length });
    display += label;
    masked += BLANK.repeat(label.length);
    from = match.index + match[0].length;
  }
  const rest = markup.slice(from);
  return { markup, display: display + rest, masked: masked + rest, atoms };
}

/**
 * The markup of the display text between `from` and `to`: whole mentions keep their markup, a
 * mention cut by either end becomes the part of its text that is inside.
 */
export function markupBetween(text: DisplayText, from: number, to: number): string {
  let out = "";
  let at = from;
  for (const atom of text.atoms) {
    if (atom.end <= at) continue;
    if (atom.start >= to) break;
    out += text.display.slice(at, Math.max(at, atom.start));
    if (atom.start >= at && atom.end <= to) out += atom.markup;
    else out += text.display.slice(Math.max(at, atom.start), Math.min(to, atom.end));
    at = Math.min(to, atom.end);
  }
  return out + text.display.slice(at, to);
}

export interface Edited {
  markup: string;
  /** Where the caret goes, in the new display text. */
  caret: number;
}

/** The part of `before` that was replaced to give `after`, found from where the caret ended up. */
function changedRange(before: string, after: string, caret: number): { start: number; end: number; inserted: string } {
  const tail = after.length - caret;
  if (tail >= 0 && tail <= before.length && before.endsWith(after.slice(caret))) {
    const end = before.length - tail;
    let start = 0;
    const limit = Math.min(end, caret);
    while (start < limit && before[start] === after[start]) start += 1;
    return { start, end, inserted: after.slice(start, caret) };
  }
  // The caret is not at the end of the change (a change made by a script): plain prefix and suffix.
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start += 1;
  let suffix = 0;
  while (
    suffix < before.length - start &&
    suffix < after.length - start &&
    before[before.length - 1 - suffix] === after[after.length - 1 - suffix]
  ) {
    suffix += 1;
  }
  return { start, end: before.length - suffix, inserted: after.slice(start, after.length - suffix) };
}

/** The markup after the user changed the display text `before.display` into `after`. */
export function applyDisplayEdit(before: DisplayText, after: string, caret: number): Edited {
  let { start, end, inserted } = changedRange(before.display, after, caret);
  if (!inserted && start < end) {
    // A deletion that reaches into a mention takes the whole mention.
    for (const atom of before.atoms) {
      if (atom.start < end && atom.end > start) {
        start = Math.min(start, atom.start);
        end = Math.max(end, atom.end);
      }
    }
  }
  return {
    markup: markupBetween(before, 0, start) + inserted + markupBetween(before, end, before.display.length),
    caret: start + inserted.length,
  };
}

/** Puts `insert` (markup) in place of the display text between `start` and `end`. */
export function replaceDisplayRange(text: DisplayText, start: number, end: number, insert: string, labelOf: LabelOf): Edited {
  const head = markupBetween(text, 0, start) + insert;
  return {
    markup: head + markupBetween(text, end, text.display.length),
    caret: toDisplay(head, labelOf).display.length,
  };
}

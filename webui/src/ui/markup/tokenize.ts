/**
 * Turns message text into a tree of markup nodes. Nothing here produces HTML: every piece of
 * user text ends up in a `text`, `code` or `codeblock` node, which the renderer outputs as
 * React text (escaped), so markup can never inject elements or attributes.
 *
 * Supported: ```code blocks```, `inline code`, **bold**, *italic* / _italic_, __underline__,
 * ~~strike~~, ||spoiler||, "> " block quotes, http(s) links and [label](https://…) links,
 * and the wire markup of messages (entities.md §6.1): [@:<userId>], [@:e], [r:<roleId>],
 * [#:<channelId>], [q:<messageId>], custom emoji [ce:<id>:<name>] / [ace:<id>:<name>] /
 * [wace:<id>:<name>] (animated GIF / WebP),
 * plus Unicode emoji (so the renderer can size them).
 */

import { t } from "../../i18n/i18n";
import { EMOJI_PATTERN } from "../emoji/emojiText";

export type StyleType = "bold" | "italic" | "underline" | "strike" | "spoiler";

export type MarkupNode =
  | { type: "text"; text: string }
  | { type: StyleType; children: MarkupNode[] }
  | { type: "blockquote"; children: MarkupNode[] }
  | { type: "code"; text: string }
  | { type: "codeblock"; lang: string | null; text: string }
  | { type: "link"; url: string; children: MarkupNode[] }
  | { type: "userMention"; userId: string }
  | { type: "everyone" }
  | { type: "roleMention"; roleId: string }
  | { type: "channelMention"; channelId: string }
  | { type: "quote"; messageId: string }
  | { type: "customEmoji"; id: string; name: string; animated: boolean }
  | { type: "emoji"; text: string };

const MAX_DEPTH = 6;

const STYLE_DELIMITERS: Array<[delimiter: string, type: StyleType]> = [
  ["**", "bold"],
  ["__", "underline"],
  ["~~", "strike"],
  ["||", "spoiler"],
  ["*", "italic"],
  ["_", "italic"],
];

const TAG_PATTERN = /^\[(@|r|#|q):([A-Za-z0-9]{1,40})\]/;
const CUSTOM_EMOJI_PATTERN = /^\[(ce|ace|wace):([0-9]{1,40}):([A-Za-z0-9_-]{1,40})\]/;
const URL_PATTERN = /^https?:\/\/[^\s<>"'`]+/i;
const MASKED_LINK_PATTERN = /^\[([^\]\n]{1,200})\]\((https?:\/\/[^\s()<>"'`]+)\)/i;
const ESCAPABLE = new Set(["\\", "*", "_", "~", "|", "`", "[", "]", ">"]);
const WORD_CHAR = /[\p{L}\p{N}]/u;

/** A link's trailing punctuation usually belongs to the sentence, not the URL. */
function trimUrl(url: string): string {
  let end = url.length;
  while (end > 0 && /[.,:;!?]/.test(url[end - 1]!)) end -= 1;
  // A closing bracket without its opening one inside the URL belongs to the text around it.
  while (end > 0 && url[end - 1] === ")" && countOf(url.slice(0, end), "(") < countOf(url.slice(0, end), ")")) end -= 1;
  return url.slice(0, end);
}

function countOf(text: string, char: string): number {
  return text.split(char).length - 1;
}

class Builder {
  readonly nodes: MarkupNode[] = [];
  private text = "";

  addText(text: string): void {
    this.text += text;
  }

  add(node: MarkupNode): void {
    this.flush();
    this.nodes.push(node);
  }

  flush(): void {
    if (this.text) this.nodes.push({ type: "text", text: this.text });
    this.text = "";
  }

  finish(): MarkupNode[] {
    this.flush();
    return this.nodes;
  }
}

function isWordChar(char: string | undefined): boolean {
  return char !== undefined && WORD_CHAR.test(char);
}

/** Index of the delimiter that closes a span opened at `from`, or -1. */
function findClosing(source: string, delimiter: string, from: number): number {
  let index = source.indexOf(delimiter, from);
  while (index !== -1) {
    if (delimiter.length > 1) {
      // In a longer run ("***"), the delimiter closes at the end of the run.
      let runEnd = index + delimiter.length;
      while (source[runEnd] === delimiter[0]) runEnd += 1;
      index = runEnd - delimiter.length;
    }
    if (index > from) {
      const inner = source.slice(from, index);
      const valid =
        delimiter === "_"
          ? !isWordChar(source[index + 1])
          : delimiter === "*"
            ? !/^\s/.test(inner) && !/\s$/.test(inner) && source[index + 1] !== "*"
            : inner.trim().length > 0;
      if (valid) return index;
    }
    index = source.indexOf(delimiter, index + delimiter.length);
  }
  return -1;
}

function parseInline(source: string, depth: number): MarkupNode[] {
  const out = new Builder();
  let i = 0;
  while (i < source.length) {
    const char = source[i]!;
    const rest = source.slice(i);

    if (char === "\\" && ESCAPABLE.has(source[i + 1] ?? "")) {
      out.addText(source[i + 1]!);
      i += 2;
      continue;
    }

    if (rest.startsWith("```")) {
      const close = source.indexOf("```", i + 3);
      if (close !== -1) {
        const body = source.slice(i + 3, close);
        const firstLine = /^([A-Za-z0-9+#.-]{1,20})\n/.exec(body);
        out.add({
          type: "codeblock",
          lang: firstLine ? firstLine[1]! : null,
          text: (firstLine ? body.slice(firstLine[0].length) : body).replace(/^\n/, "").replace(/\n$/, ""),
        });
        i = close + 3;
        continue;
      }
    }

    if (char === "`") {
      const close = source.indexOf("`", i + 1);
      if (close > i + 1) {
        out.add({ type: "code", text: source.slice(i + 1, close) });
        i = close + 1;
        continue;
      }
    }

    if (char === "[") {
      const tag = TAG_PATTERN.exec(rest);
      if (tag) {
        const [whole, kind, id] = tag as unknown as [string, string, string];
        if (kind === "@") out.add(id === "e" ? { type: "everyone" } : { type: "userMention", userId: id });
        else if (kind === "r") out.add({ type: "roleMention", roleId: id });
        else if (kind === "#") out.add({ type: "channelMention", channelId: id });
        else out.add({ type: "quote", messageId: id });
        i += whole.length;
        continue;
      }
      const emoji = CUSTOM_EMOJI_PATTERN.exec(rest);
      if (emoji) {
        const [whole, kind, id, name] = emoji as unknown as [string, string, string, string];
        out.add({ type: "customEmoji", id, name, animated: kind !== "ce" });
        i += whole.length;
        continue;
      }
      const masked = MASKED_LINK_PATTERN.exec(rest);
      if (masked) {
        const [whole, label, url] = masked as unknown as [string, string, string];
        const children = depth < MAX_DEPTH ? parseInline(label, depth + 1) : [{ type: "text" as const, text: label }];
        out.add({ type: "link", url, children: stripLinks(children) });
        i += whole.length;
        continue;
      }
    }

    if ((char === "h" || char === "H") && !isWordChar(source[i - 1])) {
      const url = URL_PATTERN.exec(rest);
      if (url) {
        const trimmed = trimUrl(url[0]);
        if (/^https?:\/\/[^/]/i.test(trimmed)) {
          out.add({ type: "link", url: trimmed, children: [{ type: "text", text: trimmed }] });
          i += trimmed.length;
          continue;
        }
      }
    }

    if (depth < MAX_DEPTH && "*_~|".includes(char)) {
      const style = matchStyle(source, i, depth);
      if (style) {
        out.add(style.node);
        i = style.end;
        continue;
      }
    }

    const emoji = EMOJI_PATTERN.exec(rest);
    if (emoji && emoji[0]) {
      out.add({ type: "emoji", text: emoji[0] });
      i += emoji[0].length;
      continue;
    }

    // Take a whole code point so surrogate pairs are never split.
    const codePoint = String.fromCodePoint(source.codePointAt(i)!);
    out.addText(codePoint);
    i += codePoint.length;
  }
  return out.finish();
}

function matchStyle(source: string, i: number, depth: number): { node: MarkupNode; end: number } | null {
  for (const [delimiter, type] of STYLE_DELIMITERS) {
    if (!source.startsWith(delimiter, i)) continue;
    if (delimiter === "_" && isWordChar(source[i - 1])) continue;
    if (delimiter === "*" && /\s/.test(source[i + 1] ?? " ")) continue;
    const from = i + delimiter.length;
    const close = findClosing(source, delimiter, from);
    if (close === -1) continue;
    return { node: { type, children: parseInline(source.slice(from, close), depth + 1) }, end: close + delimiter.length };
  }
  return null;
}

/** A link label cannot itself hold links. */
function stripLinks(nodes: MarkupNode[]): MarkupNode[] {
  return nodes.flatMap((node): MarkupNode[] => (node.type === "link" ? stripLinks(node.children) : [node]));
}

/**
 * Splits off "> " quoted lines (outside code blocks) before the inline pass, so a quote
 * is a block of its own.
 */
export function tokenize(source: string, depth = 0): MarkupNode[] {
  const out: MarkupNode[] = [];
  const lines = source.split("\n");
  let plain: string[] = [];
  let quoted: string[] = [];
  let inCodeBlock = false;

  const flushPlain = () => {
    if (plain.length) out.push(...parseInline(plain.join("\n"), depth));
    plain = [];
  };
  const flushQuoted = () => {
    if (quoted.length) out.push({ type: "blockquote", children: parseInline(quoted.join("\n"), depth + 1) });
    quoted = [];
  };

  lines.forEach((line, index) => {
    const last = index === lines.length - 1;
    const fenceCount = countOf(line, "```");
    if (!inCodeBlock && /^> /.test(line)) {
      flushPlain();
      quoted.push(line.slice(2));
    } else {
      if (quoted.length) flushQuoted();
      plain.push(line);
    }
    if (fenceCount % 2 === 1) inCodeBlock = !inCodeBlock;
    if (last) {
      flushQuoted();
      flushPlain();
    }
  });
  return mergeText(out);
}

function mergeText(nodes: MarkupNode[]): MarkupNode[] {
  const merged: MarkupNode[] = [];
  for (const node of nodes) {
    const previous = merged[merged.length - 1];
    if (node.type === "text" && previous?.type === "text") merged[merged.length - 1] = { type: "text", text: previous.text + node.text };
    else merged.push(node);
  }
  return merged;
}

/** True when the text is nothing but a few emoji (shown larger, like other chat apps). */
export function isEmojiOnly(nodes: MarkupNode[], max = 27): boolean {
  let count = 0;
  for (const node of nodes) {
    if (node.type === "emoji" || node.type === "customEmoji") count += 1;
    else if (node.type === "text" && node.text.trim() === "") continue;
    else return false;
  }
  return count > 0 && count <= max;
}

/** Ids of the messages quoted with [q:<id>]. */
export function quotedMessageIds(nodes: MarkupNode[]): string[] {
  const ids: string[] = [];
  const visit = (list: MarkupNode[]) => {
    for (const node of list) {
      if (node.type === "quote") ids.push(node.messageId);
      else if ("children" in node) visit(node.children);
    }
  };
  visit(nodes);
  return ids;
}

/** The text a reader sees, without markup: for previews (replies, notifications). */
export function plainText(nodes: MarkupNode[], userName: (userId: string) => string | undefined = () => undefined): string {
  return nodes
    .map((node): string => {
      switch (node.type) {
        case "text":
        case "code":
        case "codeblock":
        case "emoji":
          return node.text;
        case "userMention":
          return `@${userName(node.userId) ?? t("markup.unknownUser")}`;
        case "everyone":
          return t("markup.everyone");
        case "roleMention":
          return t("markup.role");
        case "channelMention":
          return `#${t("markup.unknownChannel")}`;
        case "quote":
          return "";
        case "customEmoji":
          return `:${node.name}:`;
        default:
          return plainText(node.children, userName);
      }
    })
    .join("");
}

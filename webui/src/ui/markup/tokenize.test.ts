import { describe, expect, it } from "vitest";
import { isEmojiOnly, plainText, quotedMessageIds, tokenize, type MarkupNode } from "./tokenize";

const text = (value: string): MarkupNode => ({ type: "text", text: value });

/** Every string a node tree carries, to check nothing outside text/code holds user text. */
function collectStrings(nodes: MarkupNode[]): string[] {
  return nodes.flatMap((node) => {
    if (node.type === "text" || node.type === "code" || node.type === "codeblock" || node.type === "emoji") return [node.text];
    if ("children" in node) return collectStrings(node.children);
    return [];
  });
}

describe("tokenize", () => {
  it("keeps plain text as one text node, new lines included", () => {
    expect(tokenize("hello\nworld")).toEqual([text("hello\nworld")]);
  });

  it("parses bold, italic, underline, strike and spoiler, nested", () => {
    expect(tokenize("**bold *and italic***")).toEqual([
      { type: "bold", children: [text("bold "), { type: "italic", children: [text("and italic")] }] },
    ]);
    expect(tokenize("__u__ ~~s~~ ||x||")).toEqual([
      { type: "underline", children: [text("u")] },
      text(" "),
      { type: "strike", children: [text("s")] },
      text(" "),
      { type: "spoiler", children: [text("x")] },
    ]);
  });

  it("leaves unmatched or spaced delimiters alone", () => {
    expect(tokenize("2 * 3 * 4")).toEqual([text("2 * 3 * 4")]);
    expect(tokenize("**open")).toEqual([text("**open")]);
    expect(tokenize("snake_case_name")).toEqual([text("snake_case_name")]);
    expect(tokenize("_italic_ word")).toEqual([{ type: "italic", children: [text("italic")] }, text(" word")]);
  });

  it("does not parse markup inside inline code or code blocks", () => {
    expect(tokenize("`**not bold** [@:1]`")).toEqual([{ type: "code", text: "**not bold** [@:1]" }]);
    expect(tokenize("```js\nconst a = '<b>';\n```")).toEqual([{ type: "codeblock", lang: "js", text: "const a = '<b>';" }]);
    expect(tokenize("```\nplain\n```")).toEqual([{ type: "codeblock", lang: null, text: "plain" }]);
  });

  it("honours backslash escapes", () => {
    expect(tokenize("\\*not italic\\*")).toEqual([text("*not italic*")]);
  });

  it("finds the wire markup: user, everyone, role, channel mentions, quotes and custom emoji", () => {
    expect(tokenize("hi [@:123] [@:e] [r:9] [#:77] [q:555] [ce:42:blob] [ace:43:party]")).toEqual([
      text("hi "),
      { type: "userMention", userId: "123" },
      text(" "),
      { type: "everyone" },
      text(" "),
      { type: "roleMention", roleId: "9" },
      text(" "),
      { type: "channelMention", channelId: "77" },
      text(" "),
      { type: "quote", messageId: "555" },
      text(" "),
      { type: "customEmoji", id: "42", name: "blob", animated: false },
      text(" "),
      { type: "customEmoji", id: "43", name: "party", animated: true },
    ]);
    expect(quotedMessageIds(tokenize("a [q:1] **[q:2]**"))).toEqual(["1", "2"]);
  });

  it("links http(s) URLs, trimming sentence punctuation and unbalanced brackets", () => {
    expect(tokenize("see https://example.com/a?b=1.")).toEqual([
      text("see "),
      { type: "link", url: "https://example.com/a?b=1", children: [text("https://example.com/a?b=1")] },
      text("."),
    ]);
    expect(tokenize("(https://en.wikipedia.org/wiki/Foo_(bar))")).toEqual([
      text("("),
      {
        type: "link",
        url: "https://en.wikipedia.org/wiki/Foo_(bar)",
        children: [text("https://en.wikipedia.org/wiki/Foo_(bar)")],
      },
      text(")"),
    ]);
  });

  it("links labelled [text](url) only for http(s) targets", () => {
    expect(tokenize("[docs](https://hearth.example/docs)")).toEqual([
      { type: "link", url: "https://hearth.example/docs", children: [text("docs")] },
    ]);
    expect(tokenize("[click](javascript:alert(1))")).toEqual([text("[click](javascript:alert(1))")]);
    expect(tokenize("javascript:alert(1) data:text/html,<script>")).toEqual([
      text("javascript:alert(1) data:text/html,<script>"),
    ]);
  });

  it("marks Unicode emoji, including sequences, and knows an emoji-only message", () => {
    const nodes = tokenize("👍🏽 👨‍👩‍👧 🇬🇧");
    expect(nodes.filter((node) => node.type === "emoji").map((node) => (node as { text: string }).text)).toEqual([
      "👍🏽",
      "👨‍👩‍👧",
      "🇬🇧",
    ]);
    expect(isEmojiOnly(nodes)).toBe(true);
    expect(isEmojiOnly(tokenize("hi 👍"))).toBe(false);
  });

  it("turns '> ' lines into a block quote", () => {
    expect(tokenize("> quoted **bold**\nafter")).toEqual([
      { type: "blockquote", children: [text("quoted "), { type: "bold", children: [text("bold")] }] },
      text("after"),
    ]);
  });

  it("keeps HTML as text: nothing becomes an element or attribute", () => {
    const attack = `<img src=x onerror=alert(1)><script>alert("x")</script><a href="javascript:alert(1)">x</a>`;
    const nodes = tokenize(attack);
    expect(nodes).toEqual([text(attack)]);
    expect(collectStrings(tokenize(`**${attack}**`)).join("")).toBe(attack);
  });

  it("gives the plain text of markup for previews", () => {
    expect(plainText(tokenize("Hi **[@:1]**, see `x` [q:9]~~done~~"), (id) => (id === "1" ? "ada" : undefined))).toBe("Hi @ada, see x done");
  });

  it("copes with deep nesting and long input", () => {
    const deep = "**".repeat(40) + "x" + "**".repeat(40);
    expect(collectStrings(tokenize(deep)).join("")).toContain("x");
    const long = "*a ".repeat(700);
    expect(collectStrings(tokenize(long)).join("").length).toBeGreaterThan(0);
  });
});

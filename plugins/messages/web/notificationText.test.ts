import { describe, expect, it } from "vitest";
import { NOTIFICATION_TEXT_LIMIT, notificationText } from "./notificationText";

const message = (content: string) => ({
  content,
  mentions: [{ id: "1", username: "ada", tag: "AAAA" }],
  roleMentions: [{ id: "9", name: "mods" }],
});

describe("a message as notification text", () => {
  it("names mentions, roles, channels and custom emoji", () => {
    expect(notificationText(message("hi [@:1], [r:9] and [@:e] in [#:5] [ce:77:party]"), (id) => (id === "5" ? "general" : undefined))).toBe(
      "hi @ada, @mods and @everyone in #general :party:",
    );
  });

  it("hides spoilers, drops quotes and style markers, folds lines", () => {
    expect(notificationText(message("**bold** the answer is ||42||\n[q:123]\n`code`"))).toBe("bold the answer is █████ code");
  });

  it("cuts long text", () => {
    const text = notificationText(message("a".repeat(500)));
    expect(text).toHaveLength(NOTIFICATION_TEXT_LIMIT);
    expect(text.endsWith("…")).toBe(true);
  });
});

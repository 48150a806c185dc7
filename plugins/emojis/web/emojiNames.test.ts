import { describe, expect, it } from "vitest";
import type { Server } from "../../servers/web/public";
import { emojiLimit, groupsFromServers, nameFromFile, sanitiseEmojiName } from "./emojiNames";

const server = (id: string, name: string, customEmojis: Server["customEmojis"]): Server =>
  ({ id, name, defaultChannelId: "c", defaultRoleId: "r", createdById: "u", customEmojis }) as Server;

describe("emoji names", () => {
  it("become letters, digits and _ like the server makes them", () => {
    expect(sanitiseEmojiName("party time!")).toBe("party_time_");
    expect(sanitiseEmojiName("héllo")).toBe("h_llo");
  });

  it("come from the uploaded file's name, 2 to 15 characters", () => {
    expect(nameFromFile("Party Parrot.gif")).toBe("Party_Parrot");
    expect(nameFromFile("a-very-long-emoji-name.png")).toBe("a_very_long_emo");
    expect(nameFromFile("x.png")).toBe("emoji");
    expect(nameFromFile("…!.png")).toBe("emoji");
  });

  it("are limited to 80 per server, 200 when verified", () => {
    expect(emojiLimit({ verified: false })).toBe(80);
    expect(emojiLimit({ verified: true })).toBe(200);
  });
});

describe("picker groups", () => {
  it("list servers with emojis in the rail's order, others after", () => {
    const servers = {
      a: server("a", "Alpha", [{ id: "1", name: "one" }]),
      b: server("b", "Beta", []),
      c: server("c", "Gamma", [{ id: "3", name: "three", gif: true }]),
      d: server("d", "Delta", undefined),
    };
    expect(groupsFromServers(servers, ["c", "b", "a"])).toEqual([
      { id: "c", name: "Gamma", emojis: [{ id: "3", name: "three", gif: true }] },
      { id: "a", name: "Alpha", emojis: [{ id: "1", name: "one" }] },
    ]);
    expect(groupsFromServers(servers, []).map((group) => group.id)).toEqual(["a", "c"]);
  });
});

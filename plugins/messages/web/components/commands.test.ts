import { describe, expect, it } from "vitest";
import { commandQuery, matchCommands, withBotId } from "./commands";

const ping = { botUserId: "7", botName: "Pinger", name: "ping", description: "Pong", args: null };
const poll = { botUserId: "8", botName: "Poller", name: "poll", description: null, args: "<question>" };

describe("composer commands", () => {
  it("reads a bare /word as a command query", () => {
    expect(commandQuery("/")).toBe("");
    expect(commandQuery("/Pi")).toBe("pi");
    expect(commandQuery("/ping now")).toBeNull();
    expect(commandQuery("hello /ping")).toBeNull();
  });

  it("matches commands by prefix", () => {
    expect(matchCommands([ping, poll], "p")).toEqual([ping, poll]);
    expect(matchCommands([ping, poll], "pi")).toEqual([ping]);
    expect(matchCommands([ping, poll], "x")).toEqual([]);
  });

  it("appends the picked bot's id to the command", () => {
    expect(withBotId("/ping", ping)).toBe("/ping:7");
    expect(withBotId("/poll Lunch?", poll)).toBe("/poll:8 Lunch?");
    expect(withBotId("/pingpong", ping)).toBe("/pingpong");
    expect(withBotId("/ping", null)).toBe("/ping");
  });
});

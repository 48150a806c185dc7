import { describe, expect, it } from "vitest";
import { commandQuery, matchCommands, withBotId, withoutBotId } from "./commands";

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

  it("shows a sent command without its bot id, as the reference client does", () => {
    expect(withoutBotId("/ping:7")).toBe("/ping");
    expect(withoutBotId("/poll:8 Lunch?")).toBe("/poll Lunch?");
    expect(withoutBotId("hi\n/ping:7 now\n/ping:7")).toBe("hi\n/ping now\n/ping:7");
    expect(withoutBotId("/ping:abc")).toBe("/ping:abc");
    expect(withoutBotId("time is 10:30")).toBe("time is 10:30");
    expect(withoutBotId(withBotId("/poll Lunch?", poll))).toBe("/poll Lunch?");
  });
});

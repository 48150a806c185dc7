import { beforeEach, describe, expect, it } from "vitest";
import {
  forgetChannels,
  participantsOf,
  resetVoice,
  setDeafened,
  setIncoming,
  setMuted,
  userJoined,
  userLeft,
  useVoiceStore,
  voiceUsersAdded,
  voiceUsersLoaded,
} from "./voiceStore";

beforeEach(resetVoice);

const state = () => useVoiceStore.getState();

describe("who is in which call", () => {
  it("loads the authenticated list and follows joins and leaves", () => {
    voiceUsersLoaded([
      { userId: "u1", channelId: "c1", serverId: "s1" },
      { userId: "u2", channelId: "d1" },
    ]);
    expect(participantsOf(state(), "c1")).toEqual(["u1"]);
    userJoined({ userId: "u3", channelId: "c1", serverId: "s1" });
    expect(participantsOf(state(), "c1")).toEqual(["u1", "u3"]);
    userLeft({ userId: "u1", channelId: "c1" });
    userLeft({ userId: "u3", channelId: "c1" });
    expect(state().channels.c1).toBeUndefined();
  });

  it("keeps one call per user: a join elsewhere moves them", () => {
    userJoined({ userId: "u1", channelId: "c1", serverId: "s1" });
    userJoined({ userId: "u1", channelId: "c2", serverId: "s1" });
    expect(state().channels).toEqual({ c2: { u1: { serverId: "s1" } } });
  });

  it("adds a joined server's calls and forgets a left server's", () => {
    voiceUsersLoaded([{ userId: "u2", channelId: "d1" }]);
    voiceUsersAdded([{ userId: "u1", channelId: "c1", serverId: "s1" }]);
    expect(Object.keys(state().channels).sort()).toEqual(["c1", "d1"]);
    forgetChannels((_, serverId) => serverId === "s1");
    expect(Object.keys(state().channels)).toEqual(["d1"]);
  });

  it("stops ringing when the caller hangs up", () => {
    userJoined({ userId: "caller", channelId: "d1" });
    setIncoming({ channelId: "d1", callerId: "caller" });
    userLeft({ userId: "caller", channelId: "d1" });
    expect(state().incoming).toBeNull();
  });
});

describe("mute and deafen (spec §4)", () => {
  it("joins muted", () => {
    expect(state().muted).toBe(true);
  });

  it("deafen turns the mic off; un-deafen gives it back as it was", () => {
    setMuted(false);
    setDeafened(true);
    expect(state()).toMatchObject({ deafened: true, muted: true });
    setDeafened(false);
    expect(state()).toMatchObject({ deafened: false, muted: false });
    setMuted(true);
    setDeafened(true);
    setDeafened(false);
    expect(state().muted).toBe(true);
  });

  it("unmuting while deafened un-deafens", () => {
    setDeafened(true);
    setMuted(false);
    expect(state()).toMatchObject({ deafened: false, muted: false });
  });
});

import { describe, expect, it } from "vitest";
import { effectiveSoundMode, NOTHING, planMessageNotification, resolveModes, type MessageFacts } from "./decide";

const ALL = 0;
const MENTIONS = 1;
const MUTE = 2;

const facts = (overrides: Partial<MessageFacts> = {}): MessageFacts => ({
  selfId: "me",
  authorId: "bob",
  direct: false,
  mentionsMe: false,
  silent: false,
  pingMode: ALL,
  soundMode: ALL,
  viewingChannel: false,
  pageHidden: true,
  ...overrides,
});

describe("who is notified", () => {
  it("never for your own messages, silent ones, or before you are known", () => {
    expect(planMessageNotification(facts({ authorId: "me", mentionsMe: true }))).toEqual(NOTHING);
    expect(planMessageNotification(facts({ silent: true, mentionsMe: true }))).toEqual(NOTHING);
    expect(planMessageNotification(facts({ selfId: null }))).toEqual(NOTHING);
  });

  it("a hidden tab gets a desktop notification and a sound, a visible one a pop-up and a sound", () => {
    expect(planMessageNotification(facts({ mentionsMe: true }))).toEqual({ desktop: true, toast: false, sound: "mention" });
    expect(planMessageNotification(facts({ mentionsMe: true, pageHidden: false }))).toEqual({ desktop: false, toast: true, sound: "mention" });
  });

  it("nothing for the channel on screen while the tab is visible; a hidden tab still notifies", () => {
    expect(planMessageNotification(facts({ viewingChannel: true, pageHidden: false, mentionsMe: true }))).toEqual(NOTHING);
    expect(planMessageNotification(facts({ viewingChannel: true, pageHidden: true }))).toEqual({ desktop: true, toast: false, sound: "message" });
  });

  it("direct messages always notify, whatever modes are passed", () => {
    expect(planMessageNotification(facts({ direct: true, pingMode: MUTE, soundMode: MUTE }))).toEqual({ desktop: true, toast: false, sound: "message" });
  });

  it("ping mode ALL notifies every message, MENTIONS_ONLY only mentions, MUTE nothing", () => {
    expect(planMessageNotification(facts({ pingMode: ALL })).desktop).toBe(true);
    expect(planMessageNotification(facts({ pingMode: MENTIONS }))).toEqual(NOTHING);
    expect(planMessageNotification(facts({ pingMode: MENTIONS, soundMode: MENTIONS, mentionsMe: true }))).toEqual({ desktop: true, toast: false, sound: "mention" });
    expect(planMessageNotification(facts({ pingMode: MUTE, mentionsMe: true }))).toEqual(NOTHING);
  });
});

describe("sound follows ping mode", () => {
  it("the sound mode in effect is never louder than the ping mode", () => {
    expect(effectiveSoundMode(MUTE, ALL)).toBe(MUTE);
    expect(effectiveSoundMode(MENTIONS, ALL)).toBe(MENTIONS);
    expect(effectiveSoundMode(ALL, MENTIONS)).toBe(MENTIONS);
    expect(effectiveSoundMode(ALL, ALL)).toBe(ALL);
  });

  it("a sound mode of mentions only or mute quietens messages that still notify", () => {
    expect(planMessageNotification(facts({ soundMode: MENTIONS }))).toEqual({ desktop: true, toast: false, sound: null });
    expect(planMessageNotification(facts({ soundMode: MENTIONS, mentionsMe: true })).sound).toBe("mention");
    expect(planMessageNotification(facts({ soundMode: MUTE, mentionsMe: true }))).toEqual({ desktop: true, toast: false, sound: null });
  });

  it("a stored sound of ALL under MENTIONS_ONLY pings still makes no sound for plain messages", () => {
    expect(planMessageNotification(facts({ pingMode: MENTIONS, soundMode: ALL }))).toEqual(NOTHING);
    expect(planMessageNotification(facts({ pingMode: MENTIONS, soundMode: ALL, mentionsMe: true })).sound).toBe("mention");
  });
});

describe("modes in effect", () => {
  const unset = { notificationPingMode: null, notificationSoundMode: null };
  it("a channel's own modes win, then the server's, then ALL", () => {
    expect(resolveModes(unset, unset)).toEqual({ pingMode: ALL, soundMode: ALL });
    expect(resolveModes(unset, { notificationPingMode: MUTE, notificationSoundMode: MUTE })).toEqual({ pingMode: MUTE, soundMode: MUTE });
    expect(resolveModes({ notificationPingMode: ALL, notificationSoundMode: null }, { notificationPingMode: MUTE, notificationSoundMode: MENTIONS })).toEqual({ pingMode: ALL, soundMode: MENTIONS });
  });
});

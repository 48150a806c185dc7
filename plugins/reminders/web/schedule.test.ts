import { describe, expect, it } from "vitest";
import { dueReminder, fromLocalInputValue, jumpPath, nextCheckDelay, postPath, presetTimestamp, reminderSubject, toLocalInputValue } from "./schedule";
import type { Reminder } from "./types";

const reminder = (id: string, remindAt: number): Reminder => ({ id, remindAt, createdAt: 0, channelId: "c1", message: null, post: null });
const NOW = 1_700_000_000_000;

describe("nextCheckDelay", () => {
  it("checks every 10 s with no reminders or a distant one", () => {
    expect(nextCheckDelay([], NOW)).toBe(10_000);
    expect(nextCheckDelay([reminder("a", NOW + 60_000)], NOW)).toBe(10_000);
    expect(nextCheckDelay([reminder("a", NOW + 3_600_000)], NOW)).toBe(10_000);
  });

  it("checks every second when the first reminder is due within 60 s or is overdue", () => {
    expect(nextCheckDelay([reminder("a", NOW + 3_600_000), reminder("b", NOW + 59_999)], NOW)).toBe(1_000);
    expect(nextCheckDelay([reminder("a", NOW - 5_000)], NOW)).toBe(1_000);
  });
});

describe("dueReminder", () => {
  it("gives the first reminder once it is due and not yet shown", () => {
    const list = [reminder("late", NOW + 1_000), reminder("early", NOW - 1)];
    expect(dueReminder(list, NOW, new Set())?.id).toBe("early");
    expect(dueReminder(list, NOW, new Set(["early"]))).toBeUndefined();
    expect(dueReminder([reminder("a", NOW + 1)], NOW, new Set())).toBeUndefined();
  });
});

describe("presets", () => {
  it("adds 20 minutes and an hour; tomorrow is 09:00 local the next day", () => {
    expect(presetTimestamp("20m", NOW)).toBe(NOW + 1_200_000);
    expect(presetTimestamp("1h", NOW)).toBe(NOW + 3_600_000);
    const tomorrow = new Date(presetTimestamp("tomorrow", NOW));
    const expected = new Date(NOW);
    expected.setDate(expected.getDate() + 1);
    expect([tomorrow.getDate(), tomorrow.getHours(), tomorrow.getMinutes()]).toEqual([expected.getDate(), 9, 0]);
  });

  it("round-trips datetime-local values to the minute", () => {
    const at = new Date(2030, 4, 6, 7, 8).getTime();
    expect(toLocalInputValue(at)).toBe("2030-05-06T07:08");
    expect(fromLocalInputValue("2030-05-06T07:08")).toBe(at);
    expect(fromLocalInputValue("")).toBeNull();
    expect(fromLocalInputValue("nonsense")).toBeNull();
  });
});

describe("reminderSubject", () => {
  it("is the message, the post, or what is gone", () => {
    const message = { id: "m1", channelId: "c1", content: "call mum" };
    const post = { id: "p1", content: "read me" };
    expect(reminderSubject({ ...reminder("r", 0), message })).toEqual({ kind: "message", message });
    expect(reminderSubject({ ...reminder("r", 0), channelId: null, post })).toEqual({ kind: "post", post });
    for (const gone of [{ ...post, deleted: true, content: null }, { id: "p1", block: true }]) {
      expect(reminderSubject({ ...reminder("r", 0), channelId: null, post: gone })).toEqual({ kind: "gone", of: "post" });
    }
    expect(reminderSubject({ ...reminder("r", 0), channelId: null })).toEqual({ kind: "gone", of: "post" });
    expect(reminderSubject(reminder("r", 0))).toEqual({ kind: "gone", of: "message" });
    expect(postPath("p1")).toBe("/app?postId=p1");
  });
});

describe("jumpPath", () => {
  it("goes to the inbox for a direct message and to the server channel otherwise", () => {
    expect(jumpPath("c1", "m1", null)).toBe("/app/inbox/c1?messageId=m1");
    expect(jumpPath("c1", "m1", "s1")).toBe("/app/servers/s1/c1?messageId=m1");
  });
});

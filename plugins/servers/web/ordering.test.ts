// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { planChannelMove, reorderRoles, stepChannel, stepRole } from "./ordering";
import { channel, role } from "./testData";

const roles = [role("r-all", { order: 1 }), role("r-a", { order: 2 }), role("r-b", { order: 3 }), role("r-c", { order: 4 })];

describe("role order", () => {
  it("sends every role id lowest first, the default role staying first", () => {
    expect(reorderRoles(roles, "r-all", "r-a", "r-c", "before")).toEqual(["r-all", "r-b", "r-c", "r-a"]);
    expect(reorderRoles(roles, "r-all", "r-c", "r-a", "after")).toEqual(["r-all", "r-c", "r-a", "r-b"]);
  });

  it("refuses to move the default role or anything below it, and ignores no-op moves", () => {
    expect(reorderRoles(roles, "r-all", "r-all", "r-c", "before")).toBeNull();
    expect(reorderRoles(roles, "r-all", "r-c", "r-all", "after")).toBeNull();
    expect(reorderRoles(roles, "r-all", "r-c", "r-b", "before")).toBeNull();
  });

  it("steps one place up or down", () => {
    expect(stepRole(roles, "r-all", "r-a", "up")).toEqual(["r-all", "r-b", "r-a", "r-c"]);
    expect(stepRole(roles, "r-all", "r-c", "up")).toBeNull();
    expect(stepRole(roles, "r-all", "r-a", "down")).toBeNull();
  });
});

describe("channel order", () => {
  const channels = [
    channel("general", { order: 1 }),
    channel("cat", { type: 2, order: 2 }),
    channel("news", { order: 3 }),
    channel("in1", { order: 1, categoryId: "cat" }),
    channel("in2", { order: 2, categoryId: "cat" }),
  ];

  it("reorders top-level channels and categories together", () => {
    expect(planChannelMove(channels, "news", { kind: "before", id: "general" })).toEqual({ channelIds: ["news", "general", "cat"], categoryId: null });
    expect(planChannelMove(channels, "cat", { kind: "after", id: "news" })).toEqual({ channelIds: ["general", "news", "cat"], categoryId: null });
  });

  it("moves a channel into a category (at the end, or next to a child) and out again", () => {
    expect(planChannelMove(channels, "news", { kind: "into", categoryId: "cat" })).toEqual({ channelIds: ["in1", "in2", "news"], categoryId: "cat" });
    expect(planChannelMove(channels, "general", { kind: "before", id: "in2" })).toEqual({ channelIds: ["in1", "general", "in2"], categoryId: "cat" });
    expect(planChannelMove(channels, "in1", { kind: "after", id: "general" })).toEqual({ channelIds: ["general", "in1", "cat", "news"], categoryId: null });
  });

  it("keeps categories out of categories and ignores no-op moves", () => {
    expect(planChannelMove(channels, "cat", { kind: "before", id: "in1" })).toBeNull();
    expect(planChannelMove(channels, "cat", { kind: "into", categoryId: "cat" })).toBeNull();
    expect(planChannelMove(channels, "general", { kind: "before", id: "cat" })).toBeNull();
    expect(planChannelMove(channels, "general", { kind: "before", id: "general" })).toBeNull();
  });

  it("steps among siblings", () => {
    expect(stepChannel(channels, "in2", "up")).toEqual({ channelIds: ["in2", "in1"], categoryId: "cat" });
    expect(stepChannel(channels, "in2", "down")).toBeNull();
    expect(stepChannel(channels, "general", "down")).toEqual({ channelIds: ["cat", "general", "news"], categoryId: null });
  });
});

import { beforeEach, describe, expect, it } from "vitest";
import { presencesAuthenticated, presencesMerged, presenceUpdated, usePresenceStore } from "./presenceStore";

const state = () => usePresenceStore.getState();

beforeEach(() => presencesAuthenticated([{ userId: "1", status: 1, custom: "hi" }, { userId: "2", status: 0 }]));

describe("presence", () => {
  it("keeps only users who are not offline", () => {
    expect(state().statuses).toEqual({ "1": 1 });
  });

  it("merges partial updates and drops users going offline", () => {
    presenceUpdated({ userId: "1", status: 4 });
    expect(state().presences["1"]).toEqual({ userId: "1", status: 4, custom: "hi" });
    presenceUpdated({ userId: "3", status: 2 });
    expect(state().statuses).toEqual({ "1": 4, "3": 2 });
    presenceUpdated({ userId: "1", status: 0 });
    expect(state().statuses).toEqual({ "3": 2 });
  });

  it("ignores the bare activities array upstream sends to the user's own room", () => {
    presenceUpdated([{ name: "x", action: "y" }]);
    presenceUpdated(undefined);
    expect(state().statuses).toEqual({ "1": 1 });
  });

  it("adds the member presences of a joined server, keeping everyone else", () => {
    presencesMerged([{ userId: "5", status: 3, custom: "new" }, { userId: "1", status: 2 }, { userId: "6", status: 0 }]);
    expect(state().statuses).toEqual({ "1": 2, "5": 3 });
    expect(state().presences["5"]).toEqual({ userId: "5", status: 3, custom: "new" });
    presencesMerged(undefined);
    presencesMerged([]);
    expect(state().statuses).toEqual({ "1": 2, "5": 3 });
  });
});

import { describe, expect, it } from "vitest";
import { buildRail, flattenRail, planDrop, type RailItem } from "./serverOrder";
import type { ServerFolder } from "./types";

const folder = (id: string, serverIds: string[], name = "Games"): ServerFolder => ({ id, name, color: "#123456", serverIds });

const shape = (items: RailItem[]) => items.map((item) => (item.kind === "server" ? item.serverId : `${item.folder.id}[${item.serverIds.join(",")}]`));

describe("building the rail", () => {
  it("follows orderedServerIds, draws folders with their own servers, appends servers missing from the order", () => {
    const items = buildRail(["a", "f1", "b", "c"], [folder("f1", ["c", "d"])], ["a", "b", "c", "d", "e"]);
    // c sits at the top level in the order but belongs to f1; e is missing from the order.
    expect(shape(items)).toEqual(["a", "f1[c,d]", "b", "e"]);
  });

  it("skips servers the user left and folders left empty; a server belongs to its first folder", () => {
    const items = buildRail(["f1", "a", "f2", "f3"], [folder("f1", ["x", "a"]), folder("f2", ["a", "b"]), folder("f3", ["gone"])], ["a", "b"]);
    expect(shape(items)).toEqual(["f1[a]", "f2[b]"]);
  });

  it("places folders missing from the order at the end", () => {
    expect(shape(buildRail(["a"], [folder("f1", ["b"])], ["a", "b"]))).toEqual(["a", "f1[b]"]);
  });

  it("flattens to every server and folder id, for POST /servers/order", () => {
    const folders = [folder("f1", ["c", "d"]), folder("empty", [])];
    const items = buildRail(["a", "f1", "b"], folders, ["a", "b", "c", "d"]);
    expect(flattenRail(items, folders)).toEqual(["a", "f1", "c", "d", "b", "empty"]);
  });
});

describe("dropping on the rail", () => {
  const folders = [folder("f1", ["c", "d"])];
  const items = buildRail(["a", "b", "f1"], folders, ["a", "b", "c", "d"]);

  it("reorders top-level servers with one order request", () => {
    const plan = planDrop(items, folders, { kind: "server", serverId: "b" }, { kind: "before", id: "a" })!;
    expect(plan.operations).toEqual([{ kind: "order", serverIds: ["b", "a", "f1", "c", "d"] }]);
    expect(plan.orderedServerIds).toEqual(["b", "a", "f1", "c", "d"]);
  });

  it("does nothing when the drop changes nothing", () => {
    expect(planDrop(items, folders, { kind: "server", serverId: "a" }, { kind: "before", id: "b" })).toBeNull();
    expect(planDrop(items, folders, { kind: "server", serverId: "a" }, { kind: "merge", serverId: "a" })).toBeNull();
    expect(planDrop(items, folders, { kind: "server", serverId: "c" }, { kind: "into", folderId: "f1" })).toBeNull();
  });

  it("makes a folder of two top-level servers (the server announces it)", () => {
    const plan = planDrop(items, folders, { kind: "server", serverId: "b" }, { kind: "merge", serverId: "a" })!;
    expect(plan.operations).toEqual([{ kind: "createFolder", serverIds: ["a", "b"] }]);
  });

  it("adds a server to a folder, and reorders inside one", () => {
    const into = planDrop(items, folders, { kind: "server", serverId: "a" }, { kind: "into", folderId: "f1" })!;
    expect(into.operations).toEqual([{ kind: "folder", folderId: "f1", serverIds: ["c", "d", "a"] }]);
    expect(shape(buildRail(into.orderedServerIds, into.folders, ["a", "b", "c", "d"]))).toEqual(["b", "f1[c,d,a]"]);

    const inside = planDrop(items, folders, { kind: "server", serverId: "d" }, { kind: "before", id: "c", folderId: "f1" })!;
    expect(inside.operations).toEqual([{ kind: "folder", folderId: "f1", serverIds: ["d", "c"] }]);
  });

  it("takes a server out of a folder to the top level: folder update, then the full order", () => {
    const plan = planDrop(items, folders, { kind: "server", serverId: "c" }, { kind: "before", id: "a" })!;
    expect(plan.operations).toEqual([
      { kind: "folder", folderId: "f1", serverIds: ["d"] },
      { kind: "order", serverIds: ["c", "a", "b", "f1", "d"] },
    ]);
  });

  it("deletes a folder emptied by the move (serverIds: [])", () => {
    const single = [folder("f1", ["c"])];
    const rail = buildRail(["a", "f1"], single, ["a", "c"]);
    const plan = planDrop(rail, single, { kind: "server", serverId: "c" }, { kind: "after", id: "a" })!;
    expect(plan.operations).toEqual([
      { kind: "folder", folderId: "f1", serverIds: [] },
      { kind: "order", serverIds: ["a", "c"] },
    ]);
    expect(plan.folders).toEqual([]);
  });

  it("moves a server from one folder to another with two folder updates", () => {
    const two = [folder("f1", ["c", "d"]), folder("f2", ["e"])];
    const rail = buildRail(["f1", "f2"], two, ["c", "d", "e"]);
    const plan = planDrop(rail, two, { kind: "server", serverId: "d" }, { kind: "into", folderId: "f2" })!;
    expect(plan.operations).toEqual([
      { kind: "folder", folderId: "f1", serverIds: ["c"] },
      { kind: "folder", folderId: "f2", serverIds: ["e", "d"] },
    ]);
  });

  it("moves folders only between top-level items", () => {
    const plan = planDrop(items, folders, { kind: "folder", folderId: "f1" }, { kind: "before", id: "a" })!;
    expect(plan.operations).toEqual([{ kind: "order", serverIds: ["f1", "c", "d", "a", "b"] }]);
    expect(planDrop(items, folders, { kind: "folder", folderId: "f1" }, { kind: "merge", serverId: "a" })).toBeNull();
    expect(planDrop(items, folders, { kind: "folder", folderId: "f1" }, { kind: "before", id: "c", folderId: "f1" })).toBeNull();
  });
});

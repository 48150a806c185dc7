// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createTouchDrag, dropTargetFor, railEntryOf, zoneOf, type Point } from "./railDrag";
import { planDrop, buildRail } from "./serverOrder";

const at = (clientX: number, clientY: number): Point => ({ clientX, clientY });

describe("zones and drop targets", () => {
  it("splits an entry into a top and bottom quarter and a middle", () => {
    const rect = { top: 100, height: 48 };
    expect(zoneOf(rect, 105)).toBe("before");
    expect(zoneOf(rect, 124)).toBe("middle");
    expect(zoneOf(rect, 145)).toBe("after");
  });

  it("merges servers, fills folders, and otherwise places before or after", () => {
    const server = { kind: "server", serverId: "s1" } as const;
    const folder = { kind: "folder", folderId: "f1" } as const;
    expect(dropTargetFor({ kind: "server", id: "s2" }, "middle", server)).toEqual({ kind: "merge", serverId: "s2" });
    expect(dropTargetFor({ kind: "server", id: "s2", folderId: "f9" }, "middle", server)).toEqual({ kind: "before", id: "s2", folderId: "f9" });
    expect(dropTargetFor({ kind: "server", id: "s2" }, "after", server)).toEqual({ kind: "after", id: "s2", folderId: undefined });
    expect(dropTargetFor({ kind: "folder", id: "f2" }, "middle", server)).toEqual({ kind: "into", folderId: "f2" });
    // a folder never goes into anything: the middle means "before"
    expect(dropTargetFor({ kind: "server", id: "s2" }, "middle", folder)).toEqual({ kind: "before", id: "s2", folderId: undefined });
    expect(dropTargetFor({ kind: "folder", id: "f2" }, "middle", folder)).toEqual({ kind: "before", id: "f2" });
  });

  it("reads the rail entry from an element inside it", () => {
    document.body.innerHTML = `
      <div data-rail-kind="server" data-rail-id="s1" data-rail-folder="f1"><a><img id="inner"></a></div>
      <div data-rail-kind="folder" data-rail-id="f2"><button id="folder-button"></button></div>
      <p id="elsewhere"></p>`;
    expect(railEntryOf(document.getElementById("inner"))?.entry).toEqual({ kind: "server", id: "s1", folderId: "f1" });
    expect(railEntryOf(document.getElementById("folder-button"))?.entry).toEqual({ kind: "folder", id: "f2" });
    expect(railEntryOf(document.getElementById("elsewhere"))).toBeNull();
    expect(railEntryOf(null)).toBeNull();
  });

  it("a touch drop plans the same change as a mouse drop", () => {
    const items = buildRail(["s1", "s2", "s3"], [], ["s1", "s2", "s3"]);
    const target = dropTargetFor({ kind: "server", id: "s1" }, "before", { kind: "server", serverId: "s3" });
    expect(planDrop(items, [], { kind: "server", serverId: "s3" }, target)?.orderedServerIds).toEqual(["s3", "s1", "s2"]);
  });
});

describe("the touch gesture", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function gesture() {
    const calls: string[] = [];
    const drag = createTouchDrag({
      lift: (point) => calls.push(`lift ${point.clientX},${point.clientY}`),
      move: (point) => calls.push(`move ${point.clientX},${point.clientY}`),
      drop: (point) => calls.push(`drop ${point.clientX},${point.clientY}`),
      menu: (point) => calls.push(`menu ${point.clientX},${point.clientY}`),
      cancel: () => calls.push("cancel"),
    });
    return { drag, calls };
  }

  it("long press, move, lift: a drag and a drop where the finger left", () => {
    const { drag, calls } = gesture();
    drag.start(at(10, 10));
    expect(drag.move(at(12, 12))).toBe(false); // still pressing: the page may scroll
    vi.advanceTimersByTime(500);
    expect(drag.phase).toBe("lifted");
    expect(drag.move(at(14, 14))).toBe(true); // lifted: not yet dragging, but no scrolling either
    expect(drag.move(at(10, 80))).toBe(true);
    expect(drag.move(at(10, 120))).toBe(true);
    expect(drag.end()).toBe(true);
    expect(calls).toEqual(["lift 10,10", "move 10,80", "move 10,120", "drop 10,120"]);
    expect(drag.phase).toBe("idle");
  });

  it("moving before the long press is a scroll: nothing happens", () => {
    const { drag, calls } = gesture();
    drag.start(at(10, 10));
    expect(drag.move(at(10, 40))).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(drag.move(at(10, 80))).toBe(false);
    expect(drag.end()).toBe(false);
    expect(calls).toEqual([]);
  });

  it("a short tap is left to the click", () => {
    const { drag, calls } = gesture();
    drag.start(at(10, 10));
    vi.advanceTimersByTime(200);
    expect(drag.end()).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(calls).toEqual([]);
  });

  it("a long press released without moving opens the context menu", () => {
    const { drag, calls } = gesture();
    drag.start(at(30, 40));
    vi.advanceTimersByTime(500);
    expect(drag.end()).toBe(true);
    expect(calls).toEqual(["lift 30,40", "cancel", "menu 30,40"]);
  });

  it("a cancelled touch drops nothing", () => {
    const { drag, calls } = gesture();
    drag.start(at(0, 0));
    vi.advanceTimersByTime(500);
    drag.move(at(0, 50));
    drag.cancel();
    expect(drag.end()).toBe(false);
    expect(calls).toEqual(["lift 0,0", "move 0,50", "cancel"]);
  });
});

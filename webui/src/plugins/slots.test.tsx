import { act, cleanup, render } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MainPaneBars, openDirectMessage, openUserCard, PresenceIndicator, shellSlots } from "./extensions";
import { clearSlots, defineListSlot, defineSlot, fillSlots } from "./slots";

beforeEach(clearSlots);

afterEach(cleanup);

describe("slots", () => {
  it("give nothing without a provider, and the last provider's value", () => {
    const greeting = defineSlot<(name: string) => string>("test.greeting");
    expect(greeting.get()).toBeUndefined();
    fillSlots([greeting.fill((name) => `hi ${name}`)]);
    fillSlots([greeting.fill((name) => `hello ${name}`)]);
    expect(greeting.get()?.("ada")).toBe("hello ada");
  });

  it("join a list slot's values, in its order when it has one", () => {
    const plain = defineListSlot<string>("test.plain");
    const ordered = defineListSlot<number>("test.ordered", { compare: (a, b) => a - b });
    expect(plain.get()).toEqual([]);
    fillSlots([plain.fill("b", "a"), ordered.fill(30, 10)]);
    fillSlots([plain.fill("c"), ordered.fill(20)]);
    expect(plain.get()).toEqual(["b", "a", "c"]);
    expect(ordered.get()).toEqual([10, 20, 30]);
  });

  it("refuse a second slot with the same id", () => {
    defineSlot<string>("test.once");
    expect(() => defineListSlot<string>("test.once")).toThrow('Slot "test.once" is declared twice');
  });

  it("re-render their readers when a provider arrives", () => {
    const { container } = render(<PresenceIndicator userId="7" size={20} />);
    expect(container.innerHTML).toBe("");
    act(() => fillSlots([shellSlots.avatarIndicator.fill(({ userId }) => <span>{`dot ${userId}`}</span>)]));
    expect(container.textContent).toBe("dot 7");
  });
});

describe("the shell's slots", () => {
  it("do nothing without a provider", async () => {
    const { container } = render(<MainPaneBars />);
    expect(container.innerHTML).toBe("");
    expect(() => openUserCard({ userId: "1", anchor: new DOMRect() })).not.toThrow();
    await expect(openDirectMessage("1")).rejects.toMatchObject({ message: expect.any(String) });
  });

  it("use what plugins provide, joining the main-pane bars of several", async () => {
    const openCard = vi.fn();
    fillSlots([shellSlots.userCards.fill(openCard), shellSlots.mainPaneBars.fill(() => <p>first</p>)]);
    fillSlots([shellSlots.directMessages.fill(async (userId) => `/app/inbox/${userId}`), shellSlots.mainPaneBars.fill(() => <p>second</p>)]);
    const { container } = render(<MainPaneBars />);
    expect(container.textContent).toBe("firstsecond");
    openUserCard({ userId: "7", anchor: new DOMRect() });
    expect(openCard).toHaveBeenCalledWith({ userId: "7", anchor: expect.any(DOMRect) });
    await expect(openDirectMessage("7")).resolves.toBe("/app/inbox/7");
  });
});

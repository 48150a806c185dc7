import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { shellSlots } from "./extensions";
import { clearSlots, fillSlots } from "./slots";
import { userMenuItems } from "./userMenu";

const environment = { navigate: vi.fn() };
const labels = (userId: string) => userMenuItems({ userId, serverId: "s1" }, environment, () => new DOMRect()).map((item) => item.label);

beforeEach(() => {
  clearSlots();
  useSelfUserStore.setState({ user: { id: "me", username: "me", tag: "TAG1", badges: 0 }, sessionId: null });
});
afterEach(cleanup);

describe("the user menu", () => {
  it("has only Copy user ID without plugins", () => {
    expect(labels("ada")).toEqual(["Copy user ID"]);
  });

  it("puts Profile and Message first, the plugins' sections by order, and Copy user ID last", () => {
    fillSlots([
      shellSlots.userCards.fill(() => undefined),
      shellSlots.directMessages.fill(async () => "/app/inbox/c9"),
      shellSlots.userMenuSections.fill({ order: 50, items: () => [{ label: "Kick", onSelect: () => undefined }] }),
    ]);
    fillSlots([shellSlots.userMenuSections.fill({ order: 20, items: (target) => [{ label: `Call ${target.userId}`, onSelect: () => undefined }] })]);
    expect(labels("ada")).toEqual(["Profile", "Message", "Call ada", "Kick", "Copy user ID"]);
  });

  it("does not offer to message oneself, and Message opens the conversation", async () => {
    fillSlots([shellSlots.directMessages.fill(async () => "/app/inbox/c9")]);
    expect(labels("me")).toEqual(["Copy user ID"]);
    const message = userMenuItems({ userId: "ada" }, environment, () => new DOMRect()).find((item) => item.label === "Message")!;
    message.onSelect!({ shiftKey: false });
    await vi.waitFor(() => expect(environment.navigate).toHaveBeenCalledWith("/app/inbox/c9"));
  });
});

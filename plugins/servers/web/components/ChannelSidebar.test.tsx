import { registerTranslations } from "@hearth/i18n/i18n";
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import { ModalHost } from "@hearth/ui/modal/ModalHost";
import { useModalStore } from "@hearth/ui/modal/modalStore";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useReadState } from "../../../messages/web/public";
import enGb from "../en-gb.json";
import { serversAuthenticated, useServersStore } from "../serversStore";
import { BOB, channel, member, OWNER, role, server } from "../testData";
import { ChannelSidebar } from "./ChannelSidebar";

const api = vi.hoisted(() => ({
  createChannel: vi.fn(),
  orderChannels: vi.fn(),
}));
vi.mock("../serversApi", async (original) => ({ ...(await original<typeof import("../serversApi")>()), ...api }));
const emitted = vi.hoisted(() => [] as Array<[string, unknown]>);
vi.mock("@hearth/socket/socketClient", async (original) => ({
  ...(await original<typeof import("@hearth/socket/socketClient")>()),
  emitSocketEvent: (event: string, payload: unknown) => emitted.push([event, payload]),
}));

function signIn(userId: string) {
  useSelfUserStore.setState({ user: { id: userId, username: userId, tag: "0001", badges: 0 }, sessionId: null });
}

beforeEach(() => {
  registerTranslations("en-gb", "servers", enGb);
  emitted.length = 0;
  useModalStore.setState({ modals: [] });
  api.createChannel.mockReset().mockResolvedValue(channel("new", { name: "plans" }));
  api.orderChannels.mockReset().mockResolvedValue({});
  useServersStore.setState({ servers: {}, channels: {}, members: {}, roles: {} });
  serversAuthenticated({
    user: { orderedServerIds: ["s1"], serverFolders: [] },
    servers: [server()],
    channels: [channel("general", { order: 1 }), channel("cat", { type: 2, name: "Talk", order: 2 }), channel("inside", { order: 1, categoryId: "cat" })],
    serverMembers: [member(OWNER), member(BOB)],
    serverRoles: [role("r-all", { order: 1, permissions: 2 })],
  } as Parameters<typeof serversAuthenticated>[0]);
  useReadState.setState({ channels: { inside: { id: "inside", lastMessagedAt: 200 } }, lastSeen: { inside: 100 }, mentions: {} } as never);
});
afterEach(cleanup);

const renderSidebar = () =>
  render(
    <MemoryRouter initialEntries={["/app/servers/s1/general"]}>
      <ChannelSidebar serverId="s1" activeChannelId="general" />
      <ModalHost />
    </MemoryRouter>,
  );

const menuItems = () => screen.queryAllByRole("menuitem").map((item) => item.textContent);

describe("the server's name", () => {
  it("opens the server menu with what the owner may do", () => {
    signIn(OWNER);
    renderSidebar();
    fireEvent.click(screen.getByRole("button", { name: "Hearthside, server menu" }));
    expect(menuItems()).toEqual(["Invite people", "Server settings", "Create channel", "Create category", "Notification settings", "Mark as read"]);
  });

  it("offers a member without permissions no channel creation, and leaving", () => {
    signIn(BOB);
    renderSidebar();
    fireEvent.click(screen.getByRole("button", { name: "Hearthside, server menu" }));
    expect(menuItems()).toEqual(["Invite people", "Notification settings", "Mark as read", "Leave server"]);
    expect(screen.queryByRole("button", { name: "Create a channel in Talk" })).toBeNull();
  });
});

describe("creating a channel in a category", () => {
  it("asks for the name first, creates it so named, then moves it into the category", async () => {
    signIn(OWNER);
    renderSidebar();
    fireEvent.click(screen.getByRole("button", { name: "Create a channel in Talk" }));
    const name = await screen.findByLabelText("Channel name");
    fireEvent.change(name, { target: { value: "#x" } });
    fireEvent.click(screen.getByRole("button", { name: "Create" }));
    expect(await screen.findByText("A name cannot contain the # sign.")).toBeTruthy();
    expect(api.createChannel).not.toHaveBeenCalled();

    fireEvent.change(name, { target: { value: " plans " } });
    fireEvent.click(screen.getByRole("button", { name: "Create" }));
    await waitFor(() => expect(api.orderChannels).toHaveBeenCalledWith("s1", ["inside", "new"], "cat"));
    expect(api.createChannel).toHaveBeenCalledWith("s1", 1, "plans");
  });
});

describe("a channel's context menu", () => {
  it("opens with a right click or from the keyboard, and marks the channel read", () => {
    signIn(BOB);
    renderSidebar();
    const inside = screen.getAllByTestId("channel-item").find((item) => item.dataset.channelId === "inside")!;
    fireEvent.keyDown(inside, { key: "F10", shiftKey: true });
    expect(menuItems()).toEqual(["Mark as read", "Mute channel", "Notification settings", "Copy link"]);
    act(() => screen.getByRole("menuitem", { name: "Mark as read" }).click());
    expect(emitted).toEqual([["notification:dismiss", { channelId: "inside" }]]);
    expect(inside.dataset.unread).toBeUndefined();
  });

  it("offers those who manage channels editing and deleting (not of the default channel)", () => {
    signIn(OWNER);
    renderSidebar();
    const general = screen.getAllByTestId("channel-item").find((item) => item.dataset.channelId === "general")!;
    fireEvent.contextMenu(general, { clientX: 10, clientY: 10 });
    expect(menuItems()).toEqual(["Mute channel", "Notification settings", "Edit channel", "Copy link"]);
    cleanup();
    renderSidebar();
    const inside = screen.getAllByTestId("channel-item").find((item) => item.dataset.channelId === "inside")!;
    fireEvent.contextMenu(inside, { clientX: 10, clientY: 10 });
    expect(menuItems()).toContain("Delete channel");
  });
});

describe("a category's context menu", () => {
  it("collapses and expands the category, and is remembered", () => {
    signIn(BOB);
    renderSidebar();
    const toggle = screen.getByRole("button", { name: "Talk" });
    fireEvent.contextMenu(toggle, { clientX: 10, clientY: 10 });
    expect(menuItems()).toEqual(["Collapse category"]);
    act(() => screen.getByRole("menuitem", { name: "Collapse category" }).click());
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(JSON.parse(localStorage.getItem("collapsedServerCategories")!)).toEqual(["cat"]);
    localStorage.clear();
  });
});

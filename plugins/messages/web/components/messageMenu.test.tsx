import { registerTranslations } from "@hearth/i18n/i18n";
import { clearSlots, fillSlots } from "@hearth/plugins/slots";
import { messageSlots } from "../slots";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import enGb from "../en-gb.json";
import { ada, bob, message } from "../store/testUtils";
import type { Message } from "../types";
import { MessageItem } from "./MessageItem";
import { messageLink, messageMenuEntries, quickReactions } from "./messageMenu";
import { PaneContext, type MessagePermissions, type PaneContextValue } from "./paneContext";

registerTranslations("en-gb", "messages", enGb);

const pane = (selfId: string, permissions: Partial<MessagePermissions> = {}, serverId: string | null = "s1"): PaneContextValue => ({
  serverId,
  channelId: "c1",
  selfId,
  permissions: { send: true, pin: false, manage: false, ...permissions },
  mentions: undefined,
  findUser: () => undefined,
  jumpTo: vi.fn(),
  reply: vi.fn(),
  edit: vi.fn(),
  remove: vi.fn(),
  markUnread: vi.fn(),
  focusComposer: vi.fn(),
});

const labels = (shown: Message, context: PaneContextValue) => messageMenuEntries(shown, context, () => null).map((item) => item.label);

beforeEach(() => clearSlots());
afterEach(cleanup);

describe("who sees which entries of a message's menu", () => {
  const adasMessage = message({ createdBy: ada, content: "hello" });

  it("gives the author edit and delete, but not pin without the permission", () => {
    expect(labels(adasMessage, pane(ada.id))).toEqual([
      "Add reaction",
      "Reply",
      "Edit",
      "Copy text",
      "Copy message link",
      "Mark unread",
      "Delete",
      "Copy message ID",
    ]);
  });

  it("gives another member without permissions neither edit, pin nor delete", () => {
    expect(labels(adasMessage, pane(bob.id))).toEqual(["Add reaction", "Reply", "Copy text", "Copy message link", "Mark unread", "Copy message ID"]);
  });

  it("gives a moderator (or the owner) pin and delete on someone else's message, not edit", () => {
    const entries = labels(adasMessage, pane(bob.id, { pin: true, manage: true }));
    expect(entries).toContain("Pin message");
    expect(entries).toContain("Delete");
    expect(entries).not.toContain("Edit");
    expect(labels({ ...adasMessage, pinned: true }, pane(bob.id, { pin: true }))).toContain("Unpin message");
  });

  it("leaves out reply where the viewer may not send, and adds the other plugins' entries before Delete", () => {
    fillSlots([messageSlots.menuItems.fill(() => [{ label: "Remind me", onSelect: () => undefined }])]);
    const entries = labels(adasMessage, pane(ada.id, { send: false }));
    expect(entries).not.toContain("Reply");
    expect(entries.indexOf("Remind me")).toBe(entries.indexOf("Delete") - 1);
  });

  it("deletes without asking when Shift is held", () => {
    const context = pane(ada.id);
    const remove = messageMenuEntries(adasMessage, context, () => null).find((item) => item.label === "Delete")!;
    remove.onSelect!({ shiftKey: true });
    expect(context.remove).toHaveBeenCalledWith(adasMessage, { confirm: false });
    remove.onSelect!({ shiftKey: false });
    expect(context.remove).toHaveBeenLastCalledWith(adasMessage, { confirm: true });
  });
});

describe("message links and quick reactions", () => {
  it("links a server message to its channel and a direct message to the inbox, with the message to jump to", () => {
    expect(messageLink({ id: "m1", channelId: "c1" }, "s1", "https://hearth.test")).toBe("https://hearth.test/app/servers/s1/c1?messageId=m1");
    expect(messageLink({ id: "m1", channelId: "c1" }, null, "https://hearth.test")).toBe("https://hearth.test/app/inbox/c1?messageId=m1");
  });

  it("offers five reactions: the recent ones first, then the usual ones", () => {
    expect(quickReactions(["🔥", "👍"])).toEqual(["🔥", "👍", "❤️", "😂", "😮"]);
    expect(quickReactions([])).toHaveLength(5);
  });
});

describe("the menu on a message row", () => {
  it("opens on right click with the quick reactions first", () => {
    render(
      <MemoryRouter>
        <PaneContext.Provider value={pane(bob.id)}>
          <MessageItem message={message({ createdBy: ada, content: "hello" })} grouped={false} highlighted={false} />
        </PaneContext.Provider>
      </MemoryRouter>,
    );
    fireEvent.contextMenu(screen.getByText("hello"), { clientX: 10, clientY: 10 });
    const menu = screen.getByRole("menu");
    expect(within(menu).getAllByTestId("quick-reaction")).toHaveLength(5);
    expect(within(menu).getByRole("menuitem", { name: "Copy message link" })).toBeTruthy();
  });

  it("opens the user menu on the author's name", () => {
    render(
      <MemoryRouter>
        <PaneContext.Provider value={pane(bob.id)}>
          <MessageItem message={message({ createdBy: ada, content: "hello" })} grouped={false} highlighted={false} />
        </PaneContext.Provider>
      </MemoryRouter>,
    );
    fireEvent.contextMenu(screen.getAllByText("ada")[0]!, { clientX: 10, clientY: 10 });
    const menus = screen.getAllByRole("menu");
    expect(menus).toHaveLength(1);
    expect(within(menus[0]!).getByRole("menuitem", { name: "Copy user ID" })).toBeTruthy();
  });
});

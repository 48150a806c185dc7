/**
 * The messages bundle's slots (re-exported by `public.ts`): what other plugins add to its screens
 * and what it asks them about a message. Without a provider each one adds nothing.
 */
import type { NotificationMode } from "@hearth/notifications/decide";
import { defineListSlot, defineSlot } from "@hearth/plugins/slots";
import type { ContextMenuItem } from "@hearth/ui/contextMenu/ContextMenu";
import type { ComponentType } from "react";
import { useReadState } from "./store/readState";

/** What a composer button gets: the channel, and a way to send a message of its own. */
export interface ComposerButtonProps {
  channelId: string;
  /** Sends `content` as a new message (the draft stays as it is). */
  send: (content: string) => void;
}

/** The message a context menu is opened on, as extra message actions see it. */
export interface MessageMenuTarget {
  id: string;
  channelId: string;
  content: string;
}

/** A slash command a bot offers in a channel (rest.md §4.1 bot-commands). */
export interface ChannelCommand {
  botUserId: string;
  /** The bot's name, to tell two bots' commands apart. */
  botName: string;
  name: string;
  description: string | null;
  args: string | null;
}

/** A new message in a server channel, as the notification rules need it. */
export interface ServerMessageInput {
  serverId: string;
  channelId: string;
  authorId: string | null;
  content: string;
  mentionedUserIds: string[];
  mentionedRoleIds: string[];
  /** Sent through a webhook: its mentions notify nobody (rest.md §17.1). */
  fromWebhook: boolean;
  /** The author's permission bits, when the event carries them (`message:created.member`). */
  authorPermissions?: number;
}

/** What the user's server settings make of such a message. */
export interface ServerMessageContext {
  /** The ping and sound modes in effect for the channel. */
  pingMode: NotificationMode;
  soundMode: NotificationMode;
  /** The message mentions the user: by name, through one of their roles, or @everyone from someone allowed to. */
  mentionsMe: boolean;
  serverName: string;
  channelName: string;
  /** The server's avatar, a /cdn path. */
  serverIconUrl?: string;
}

/** Where a kind of channel without a server is opened (a notification's link), e.g. a group at /app/groups/{id}. */
export interface DirectChannelPath {
  channelType: number;
  path: (channelId: string) => string;
}

/** Where a channel's search button sits: the channel it is in. */
export interface ChannelSearchButtonProps {
  channelId: string;
  serverId: string | null;
}

export const messageSlots = {
  /** The channel header's search button, in place of the pane's own search of one channel (rest.md §3.2): search, the one search box. */
  channelSearchButton: defineSlot<ComponentType<ChannelSearchButtonProps>>("messages.channelSearchButton"),
  /** Buttons in the composer, beside the emoji button (gifs: the GIF picker). */
  composerButtons: defineListSlot<ComponentType<ComposerButtonProps>>("messages.composerButtons"),
  /** Extra entries of a sent message's context menu, before "Delete" (reminders: "Remind me"). */
  menuItems: defineListSlot<(message: MessageMenuTarget) => ContextMenuItem[]>("messages.menuItems"),
  /** The bots' slash commands usable in a channel, asked when `/` is typed (applications). */
  channelCommands: defineSlot<(channelId: string) => Promise<ChannelCommand[]>>("messages.channelCommands"),
  /** How a server channel's new message concerns the user (servers); null when unknown. Without it, server messages notify nobody. */
  serverMessageContext: defineSlot<(message: ServerMessageInput) => ServerMessageContext | null>("messages.serverMessageContext"),
  /** Paths of the channel types without a server that another plugin brings (group_dms); a later plugin wins a type. */
  directChannelPaths: defineListSlot<DirectChannelPath>("messages.directChannelPaths"),
  /** Told of each channel another device of the user marked read (threads: a thread's unread dot). */
  readElsewhere: defineListSlot<(channelId: string) => void>("messages.readElsewhere"),
};

/** Every plugin's composer buttons, in the order the plugins loaded. */
export function ComposerButtons(props: ComposerButtonProps) {
  return (
    <>
      {messageSlots.composerButtons.use().map((Button, index) => (
        <Button key={index} {...props} />
      ))}
    </>
  );
}

export function messageMenuItems(message: MessageMenuTarget): ContextMenuItem[] {
  return messageSlots.menuItems.get().flatMap((items) => items(message));
}

export function channelCommands(channelId: string): Promise<ChannelCommand[]> {
  return messageSlots.channelCommands.get()?.(channelId) ?? Promise.resolve([]);
}

export function serverMessageContext(message: ServerMessageInput): ServerMessageContext | null {
  return messageSlots.serverMessageContext.get()?.(message) ?? null;
}

export function channelReadElsewhere(channelId: string): void {
  for (const told of messageSlots.readElsewhere.get()) told(channelId);
}

/** Where a channel without a server opens: a DM at /app/inbox/{id}, another type where its plugin says. */
export function directChannelPath(channelId: string): string {
  const type = useReadState.getState().channels[channelId]?.type;
  const found = messageSlots.directChannelPaths.get().findLast((entry) => entry.channelType === type);
  return found ? found.path(channelId) : `/app/inbox/${encodeURIComponent(channelId)}`;
}

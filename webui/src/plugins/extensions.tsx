/**
 * Extension points: things one plugin provides and others (or the shell) use without
 * importing that plugin. A plugin fills them through `extensions` in its default export;
 * when nobody provides one, the wrappers below fall back to doing nothing.
 */
import type { ComponentType } from "react";
import { create } from "zustand";
import { t } from "../i18n/i18n";
import type { NotificationMode } from "../notifications/decide";
import type { ContextMenuItem } from "../ui/contextMenu/ContextMenu";
import type { CustomEmojiGroup } from "../ui/emoji/customEmoji";

/** Presence status values (entities.md §10.8): 0 offline, 1 online, 2 looking to play, 3 away, 4 do not disturb. */
export type PresenceStatus = 0 | 1 | 2 | 3 | 4;

/** A user's presence as the server sends it (realtime.md §3.4 `presences`). */
export interface PresenceSnapshot {
  userId: string;
  status: PresenceStatus;
  custom?: string | null;
}

/** What is known of a user when their card is asked for (it may be fetched in full later). */
export interface UserHint {
  id: string;
  username?: string;
  tag?: string;
  avatar?: string | null;
  hexColor?: string | null;
}

export interface UserCardRequest {
  userId: string;
  /** The element the card opens next to. */
  anchor: DOMRect;
  user?: UserHint;
}

/** The message a context menu is opened on, as extra message actions see it. */
export interface MessageMenuTarget {
  id: string;
  channelId: string;
  content: string;
}

/** The person a user menu is opened on (a member row, a message's author, a DM or friend row). */
export interface UserMenuTarget {
  userId: string;
  user?: UserHint & { bot?: boolean | null };
  /** The server the person was met in: server actions (roles, kick, ban, time out) are offered for it. */
  serverId?: string | null;
}

/** What a user menu's entries may use besides the target: moving to an /app path. */
export interface UserMenuEnvironment {
  navigate: (path: string) => void;
}

/**
 * Entries a plugin adds to every user menu. `order` places them among the other plugins' ones
 * (the shell's Profile and Message come first, Copy ID last): 20 calls, 30 friends, 50 server actions.
 */
export interface UserMenuSection {
  order: number;
  items: (target: UserMenuTarget, environment: UserMenuEnvironment) => ContextMenuItem[];
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

/** A tab another plugin adds to the profile page (`/app/profile/{userId}/{id}`). */
export interface ProfileTab {
  /** The URL segment after the user id, e.g. "posts". */
  id: string;
  label: () => string;
  Component: ComponentType<{ userId: string }>;
}

/** The clan a user wears, as embedded in their profile (`profile.clan`, entities.md §3.1). */
export interface WornClan {
  tag: string;
  icon: string;
  serverId?: string;
}

/** What the clan tag beside a name gets: whose name, and the clan their loaded profile says they wear. */
export interface ClanTagProps {
  userId: string;
  clan?: WornClan | null;
}

/** What a composer button gets: the channel, and a way to send a message of its own. */
export interface ComposerButtonProps {
  channelId: string;
  /** Sends `content` as a new message (the draft stays as it is). */
  send: (content: string) => void;
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

/** What the user's server settings make of such a message (servers plugin). */
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

export interface ShellExtensions {
  /** A small status dot drawn over avatars (presence plugin). */
  PresenceIndicator: ComponentType<{ userId: string; size: number }>;
  /** Live presence status of every user it knows; missing users are offline (presence plugin). */
  usePresenceStatuses: () => Readonly<Record<string, PresenceStatus>>;
  /** The same, read once outside rendering (ordering the `@` list); missing users are offline. */
  presenceStatuses: () => Readonly<Record<string, PresenceStatus>>;
  /** Adds presences that came another way than the socket, e.g. with a page of members (presence plugin). */
  mergePresences: (presences: readonly PresenceSnapshot[]) => void;
  /** Opens the user's card next to an element (social plugin). */
  openUserCard: (request: UserCardRequest) => void;
  /** Opens (or re-opens) the direct message with a user; resolves with the /app path to show it (inbox plugin). */
  openDirectMessage: (userId: string) => Promise<string>;
  /** Extra controls in the user area at the bottom of the side pane (presence plugin: status picker). */
  UserAreaAccessory: ComponentType;
  /** What Home's side pane lists under the feed (inbox plugin: friends and the direct messages). */
  HomeSidebarItems: ComponentType;
  /** Items at the end of the server rail (servers plugin: the user's servers and folders, "add a server"). */
  ServerRailItems: ComponentType;
  /** Extra entries in a sent message's context menu (reminders: "Remind me"; threads: "Create thread"); every plugin's are joined. */
  messageMenuItems: (message: MessageMenuTarget) => ContextMenuItem[];
  /**
   * Entries of the menu on a person (voice: call; friends: add or remove; servers: roles, kick,
   * ban, time out). Several plugins add some: their lists are joined, then ordered by `order`.
   */
  userMenuSections: UserMenuSection[];
  /** The custom emojis the user may use, one group per server (emojis plugin); read when needed. */
  customEmojiGroups: () => CustomEmojiGroup[];
  /** The bots' slash commands usable in a channel (applications plugin); asked when `/` is typed. */
  channelCommands: (channelId: string) => Promise<ChannelCommand[]>;
  /**
   * Bars at the top of the main pane on every page, under the connection banner (voice: the call
   * bar and incoming calls). Several plugins may add some: their lists are joined, not replaced.
   */
  MainPaneBars: ComponentType[];
  /**
   * Buttons in the message composer, beside the emoji button (gifs: the GIF picker). Several
   * plugins may add some: their lists are joined, not replaced.
   */
  ComposerButtons: ComponentType<ComposerButtonProps>[];
  /** Drawn over the whole app, e.g. a moderator's warning the user must acknowledge (moderation plugin). */
  AppOverlay: ComponentType;
  /** What the dashboard (/app) shows under its notices (posts plugin: the home feed). */
  DashboardContent: ComponentType;
  /** Extra tabs of the profile page, in order (posts plugin: posts, with replies, liked). */
  profileTabs: () => ProfileTab[];
  /**
   * Cards on the notifications settings page, after the shell's (push: Web Push; servers: each
   * server's and channel's modes). Several plugins may add some: their lists are joined.
   */
  NotificationSettingsCards: ComponentType[];
  /** How a server channel's new message concerns the user (servers plugin); null when unknown. */
  serverMessageContext: (message: ServerMessageInput) => ServerMessageContext | null;
  /**
   * The clan tag drawn beside a user's name (clans plugin): the clan passed in, as changed by
   * live events since it was loaded (a clan put on or taken off, a server's clan edited or deleted).
   */
  ClanTag: ComponentType<ClanTagProps>;
}

export const useExtensionStore = create<Partial<ShellExtensions>>()(() => ({}));

/** Two plugins' message-menu entries, the earlier plugin's first. */
function joinMenus(
  before: ShellExtensions["messageMenuItems"] | undefined,
  after: ShellExtensions["messageMenuItems"],
): ShellExtensions["messageMenuItems"] {
  return before ? (message) => [...before(message), ...after(message)] : after;
}

export function registerExtensions(extensions: Partial<ShellExtensions>): void {
  const { MainPaneBars: bars, ComposerButtons: buttons, NotificationSettingsCards: cards, userMenuSections: sections, messageMenuItems: menu, ...rest } = extensions;
  useExtensionStore.setState((state) => ({
    ...rest,
    ...(menu ? { messageMenuItems: joinMenus(state.messageMenuItems, menu) } : {}),
    ...(bars ? { MainPaneBars: [...(state.MainPaneBars ?? []), ...bars] } : {}),
    ...(buttons ? { ComposerButtons: [...(state.ComposerButtons ?? []), ...buttons] } : {}),
    ...(cards ? { NotificationSettingsCards: [...(state.NotificationSettingsCards ?? []), ...cards] } : {}),
    ...(sections ? { userMenuSections: [...(state.userMenuSections ?? []), ...sections].sort((a, b) => a.order - b.order) } : {}),
  }));
}

const NO_STATUSES: Readonly<Record<string, PresenceStatus>> = Object.freeze({});
const useNoStatuses = () => NO_STATUSES;

/** Status dot for a user's avatar, when a plugin provides presence. */
export function PresenceIndicator({ userId, size }: { userId: string; size: number }) {
  const Indicator = useExtensionStore((state) => state.PresenceIndicator);
  return Indicator ? <Indicator userId={userId} size={size} /> : null;
}

/**
 * Presence status by user id. Plugins are installed before any plugin page renders, so the
 * provider does not change between two renders of a plugin component.
 */
export function usePresenceStatuses(): Readonly<Record<string, PresenceStatus>> {
  const useStatuses = useExtensionStore.getState().usePresenceStatuses ?? useNoStatuses;
  return useStatuses();
}

/** Everyone's status now (not a hook); nobody is online without the presence plugin. */
export function presenceStatuses(): Readonly<Record<string, PresenceStatus>> {
  return useExtensionStore.getState().presenceStatuses?.() ?? NO_STATUSES;
}

/** Hands presences to the presence plugin; nothing happens without one. */
export function mergePresences(presences: readonly PresenceSnapshot[]): void {
  useExtensionStore.getState().mergePresences?.(presences);
}

export function usePresenceAvailable(): boolean {
  return useExtensionStore((state) => state.usePresenceStatuses !== undefined);
}

export function useUserCardAvailable(): boolean {
  return useExtensionStore((state) => state.openUserCard !== undefined);
}

export function openUserCard(request: UserCardRequest): void {
  useExtensionStore.getState().openUserCard?.(request);
}

export function useDirectMessagesAvailable(): boolean {
  return useExtensionStore((state) => state.openDirectMessage !== undefined);
}

/** Resolves with the /app path of the conversation; rejects when no plugin offers direct messages. */
export function openDirectMessage(userId: string): Promise<string> {
  const open = useExtensionStore.getState().openDirectMessage;
  return open ? open(userId) : Promise.reject({ message: t("errors.noDirectMessages") });
}

export function UserAreaAccessory() {
  const Accessory = useExtensionStore((state) => state.UserAreaAccessory);
  return Accessory ? <Accessory /> : null;
}

export function HomeSidebarItems() {
  const Items = useExtensionStore((state) => state.HomeSidebarItems);
  return Items ? <Items /> : null;
}

export function ServerRailItems() {
  const Items = useExtensionStore((state) => state.ServerRailItems);
  return Items ? <Items /> : null;
}

/** Every plugin's main-pane bars, in the order the plugins loaded. */
export function MainPaneBars() {
  const bars = useExtensionStore((state) => state.MainPaneBars);
  return (
    <>
      {bars?.map((Bar, index) => (
        <Bar key={index} />
      ))}
    </>
  );
}

/** Every plugin's cards of the notifications settings page, in the order the plugins loaded. */
export function NotificationSettingsCards() {
  const cards = useExtensionStore((state) => state.NotificationSettingsCards);
  return (
    <>
      {cards?.map((Card, index) => (
        <Card key={index} />
      ))}
    </>
  );
}

/** A server channel's notification context; null without the servers plugin. */
export function serverMessageContext(message: ServerMessageInput): ServerMessageContext | null {
  return useExtensionStore.getState().serverMessageContext?.(message) ?? null;
}

/** Every plugin's composer buttons, in the order the plugins loaded. */
export function ComposerButtons(props: ComposerButtonProps) {
  const buttons = useExtensionStore((state) => state.ComposerButtons);
  return (
    <>
      {buttons?.map((Button, index) => (
        <Button key={index} {...props} />
      ))}
    </>
  );
}

/** Extra message actions from other plugins; none when no plugin provides them. */
export function messageMenuItems(message: MessageMenuTarget): ContextMenuItem[] {
  return useExtensionStore.getState().messageMenuItems?.(message) ?? [];
}

/** Every plugin's entries for a user menu, in their sections' order; none without providers. */
export function userMenuSectionItems(target: UserMenuTarget, environment: UserMenuEnvironment): ContextMenuItem[] {
  return (useExtensionStore.getState().userMenuSections ?? []).flatMap((section) => section.items(target, environment));
}

/** The dashboard's main content from a plugin; null when none provides it. */
export function DashboardContent() {
  const Content = useExtensionStore((state) => state.DashboardContent);
  return Content ? <Content /> : null;
}

export function useDashboardContentAvailable(): boolean {
  return useExtensionStore((state) => state.DashboardContent !== undefined);
}

/** Profile tabs other plugins add; none without a provider. */
export function profileTabs(): ProfileTab[] {
  return useExtensionStore.getState().profileTabs?.() ?? [];
}

/** Custom emojis by server for the emoji picker and `:name:` shortcodes; none without a provider. */
export function customEmojiGroups(): CustomEmojiGroup[] {
  return useExtensionStore.getState().customEmojiGroups?.() ?? [];
}

/** The slash commands of a channel's bots; none without a provider. */
export function channelCommands(channelId: string): Promise<ChannelCommand[]> {
  return useExtensionStore.getState().channelCommands?.(channelId) ?? Promise.resolve([]);
}

/** The clan tag beside a name; nothing without a provider or when the user wears no clan. */
export function ClanTag(props: ClanTagProps) {
  const Tag = useExtensionStore((state) => state.ClanTag);
  return Tag ? <Tag {...props} /> : null;
}

export function AppOverlay() {
  const Overlay = useExtensionStore((state) => state.AppOverlay);
  return Overlay ? <Overlay /> : null;
}

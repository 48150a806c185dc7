/**
 * The shell's slots: the places of its own frame that plugins fill (see `slots.ts`). The shell
 * names what it draws or calls here, never who fills it; slots that speak a plugin's types
 * (presence, clans, a server's notification rules, composer buttons…) are declared by that
 * plugin in its `public.ts`. Without a provider the wrappers below draw or do nothing.
 */
import type { ComponentType } from "react";
import { t } from "../i18n/i18n";
import type { ContextMenuItem } from "../ui/contextMenu/ContextMenu";
import type { CustomEmojiGroup } from "../ui/emoji/customEmoji";
import { defineListSlot, defineSlot } from "./slots";

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
 * (the shell's Profile and Message come first, Copy ID last).
 */
export interface UserMenuSection {
  order: number;
  items: (target: UserMenuTarget, environment: UserMenuEnvironment) => ContextMenuItem[];
}

/** What a way in is given: the token of the session it made. */
export interface LoginStepProps {
  onToken: (token: string) => void;
}

export interface LoginChallengeProps extends LoginStepProps {
  /** The value of the answer's key (e.g. `{ticket, methods}`). */
  challenge: unknown;
  /** Back to the log-in form. */
  onCancel: () => void;
}

/** The step that finishes a log-in the server answered with `{[key]: challenge}` instead of `{token}`. */
export interface LoginChallengeStep {
  key: string;
  Step: ComponentType<LoginChallengeProps>;
}

export const shellSlots = {
  /** Drawn over the corner of an avatar given `presenceUserId` (e.g. a status dot). */
  avatarIndicator: defineSlot<ComponentType<{ userId: string; size: number }>>("shell.avatarIndicator"),
  /** Opens a user's card next to an element. */
  userCards: defineSlot<(request: UserCardRequest) => void>("shell.userCards"),
  /** Opens (or re-opens) the direct message with a user; resolves with the /app path to show it. */
  directMessages: defineSlot<(userId: string) => Promise<string>>("shell.directMessages"),
  /** Extra controls in the user area at the bottom of the side pane. */
  userAreaAccessory: defineSlot<ComponentType>("shell.userAreaAccessory"),
  /** What Home's side pane lists under the feed. */
  homeSidebarItems: defineSlot<ComponentType>("shell.homeSidebarItems"),
  /** Items of the server rail between Home and the plugins' places. */
  serverRailItems: defineSlot<ComponentType>("shell.serverRailItems"),
  /** Entries of the menu on a person, every provider's joined and ordered by `order`. */
  userMenuSections: defineListSlot<UserMenuSection>("shell.userMenuSections", { compare: (a, b) => a.order - b.order }),
  /** Custom emojis the user may use, one group each (the emoji picker, `:name:` shortcodes); read when needed. */
  customEmojiGroups: defineSlot<() => CustomEmojiGroup[]>("shell.customEmojiGroups"),
  /** Bars at the top of the main pane on every page, under the connection banner. */
  mainPaneBars: defineListSlot<ComponentType>("shell.mainPaneBars"),
  /** Drawn over the whole app (e.g. a warning the user must acknowledge). */
  appOverlay: defineSlot<ComponentType>("shell.appOverlay"),
  /** What the dashboard (/app) shows under its notices; without it, the welcome and shortcuts. */
  dashboardContent: defineSlot<ComponentType>("shell.dashboardContent"),
  /** Cards of the notifications settings page, after the shell's own. */
  notificationSettingsCards: defineListSlot<ComponentType>("shell.notificationSettingsCards"),
  /** Other ways in, drawn under the log-in form (e.g. a passkey). */
  loginMethods: defineListSlot<ComponentType<LoginStepProps>>("shell.loginMethods"),
  /** Steps that finish a log-in answered with something else than `{token}` (e.g. a second factor). */
  loginChallenges: defineListSlot<LoginChallengeStep>("shell.loginChallenges"),
  /** Names sent in `X-Hearth-Features` with a log-in, so the server may answer with those steps. */
  loginFeatures: defineListSlot<string>("shell.loginFeatures"),
};

/** The indicator over an avatar, when a plugin provides one. */
export function PresenceIndicator({ userId, size }: { userId: string; size: number }) {
  const Indicator = shellSlots.avatarIndicator.use();
  return Indicator ? <Indicator userId={userId} size={size} /> : null;
}

export function useUserCardAvailable(): boolean {
  return shellSlots.userCards.use() !== undefined;
}

export function openUserCard(request: UserCardRequest): void {
  shellSlots.userCards.get()?.(request);
}

export function useDirectMessagesAvailable(): boolean {
  return shellSlots.directMessages.use() !== undefined;
}

/** Resolves with the /app path of the conversation; rejects when no plugin offers direct messages. */
export function openDirectMessage(userId: string): Promise<string> {
  const open = shellSlots.directMessages.get();
  return open ? open(userId) : Promise.reject({ message: t("errors.noDirectMessages") });
}

/** Draws the one component a slot holds, or nothing. */
function Single({ slot }: { slot: { use(): ComponentType | undefined } }) {
  const Component = slot.use();
  return Component ? <Component /> : null;
}

/** Draws every component of a list slot, in its order. */
function Every({ slot }: { slot: { use(): readonly ComponentType[] } }) {
  return (
    <>
      {slot.use().map((Component, index) => (
        <Component key={index} />
      ))}
    </>
  );
}

export const UserAreaAccessory = () => <Single slot={shellSlots.userAreaAccessory} />;
export const HomeSidebarItems = () => <Single slot={shellSlots.homeSidebarItems} />;
export const ServerRailItems = () => <Single slot={shellSlots.serverRailItems} />;
export const AppOverlay = () => <Single slot={shellSlots.appOverlay} />;
export const DashboardContent = () => <Single slot={shellSlots.dashboardContent} />;
export const MainPaneBars = () => <Every slot={shellSlots.mainPaneBars} />;
export const NotificationSettingsCards = () => <Every slot={shellSlots.notificationSettingsCards} />;

export function useDashboardContentAvailable(): boolean {
  return shellSlots.dashboardContent.use() !== undefined;
}

/** Every plugin's entries for a user menu, in their sections' order; none without providers. */
export function userMenuSectionItems(target: UserMenuTarget, environment: UserMenuEnvironment): ContextMenuItem[] {
  return shellSlots.userMenuSections.get().flatMap((section) => section.items(target, environment));
}

/** Custom emojis by group for the emoji picker and `:name:` shortcodes; none without a provider. */
export function customEmojiGroups(): CustomEmojiGroup[] {
  return shellSlots.customEmojiGroups.get()?.() ?? [];
}

/** Every other way in that plugins offer, under the log-in form. */
export function LoginMethods({ onToken }: LoginStepProps) {
  return (
    <>
      {shellSlots.loginMethods.use().map((Method, index) => (
        <Method key={index} onToken={onToken} />
      ))}
    </>
  );
}

/** The step for a log-in answer without a token, or null when no plugin knows it. */
export function loginChallengeFor(
  reply: Record<string, unknown>,
): { Step: ComponentType<LoginChallengeProps>; challenge: unknown } | null {
  const step = shellSlots.loginChallenges.get().find(({ key }) => reply[key] !== undefined);
  return step ? { Step: step.Step, challenge: reply[step.key] } : null;
}

export function loginFeatures(): string[] {
  return [...new Set(shellSlots.loginFeatures.get())].sort();
}

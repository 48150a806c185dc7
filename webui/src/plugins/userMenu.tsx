/**
 * The menu on a person, wherever they appear (member list, message author, DM and friend rows):
 * Profile and Message from the shell's slots, the plugins' sections, then Copy ID.
 */
import { useCallback, useRef, type KeyboardEvent, type MouseEvent, type TouchEvent } from "react";
import { useNavigate } from "react-router";
import { t } from "../i18n/i18n";
import { useSelfUserStore } from "../stores/selfUserStore";
import type { ContextMenuItem } from "../ui/contextMenu/ContextMenu";
import { useContextMenu } from "../ui/contextMenu/useContextMenu";
import { openDirectMessage, openUserCard, shellSlots, userMenuSectionItems, type UserMenuEnvironment, type UserMenuTarget } from "./extensions";

function copyToClipboard(text: string): void {
  navigator.clipboard?.writeText(text).catch(() => undefined);
}

/** Every entry the viewer may use on `target`; `anchor` is where the profile card opens. */
export function userMenuItems(target: UserMenuTarget, environment: UserMenuEnvironment, anchor: () => DOMRect): ContextMenuItem[] {
  const cards = shellSlots.userCards.get();
  const dms = shellSlots.directMessages.get();
  const self = target.userId === useSelfUserStore.getState().user?.id;
  return [
    ...(cards ? [{ label: t("userMenu.profile"), testId: "user-menu-profile", onSelect: () => openUserCard({ userId: target.userId, anchor: anchor(), user: target.user }) }] : []),
    ...(dms && !self
      ? [{ label: t("userMenu.message"), testId: "user-menu-message", onSelect: () => void openDirectMessage(target.userId).then(environment.navigate, () => undefined) }]
      : []),
    ...userMenuSectionItems(target, environment),
    { label: t("userMenu.copyId"), testId: "user-menu-copy-id", onSelect: () => copyToClipboard(target.userId) },
  ];
}

/**
 * `useContextMenu` for a person: spread `triggerProps` on their name, avatar or row. The entries
 * are built when the menu opens (a long message list builds none). Null target: no menu.
 */
export function useUserContextMenu(target: UserMenuTarget | null) {
  const navigate = useNavigate();
  const trigger = useRef<Element | null>(null);
  const point = useRef<DOMRect | null>(null);
  const anchor = () => (trigger.current?.isConnected ? trigger.current.getBoundingClientRect() : (point.current ?? new DOMRect()));
  const { triggerProps, menu, openMenu } = useContextMenu(() => (target ? userMenuItems(target, { navigate: (path) => void navigate(path) }, anchor) : []));
  const remember = (element: Element) => {
    trigger.current = element;
  };
  const open = useCallback(
    (x: number, y: number) => {
      point.current = new DOMRect(x, y, 0, 0);
      openMenu(x, y);
    },
    [openMenu],
  );
  if (!target) return { triggerProps: {}, menu: null, openMenu: open };
  return {
    triggerProps: {
      ...triggerProps,
      onContextMenu: (event: MouseEvent) => {
        remember(event.currentTarget);
        triggerProps.onContextMenu(event);
      },
      onKeyDown: (event: KeyboardEvent) => {
        remember(event.currentTarget);
        triggerProps.onKeyDown(event);
      },
      onTouchStart: (event: TouchEvent) => {
        remember(event.currentTarget);
        triggerProps.onTouchStart(event);
      },
    },
    menu,
    openMenu: open,
  };
}

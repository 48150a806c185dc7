/** The voice plugin's entry of the user menu: call the person in your direct messages (with the inbox plugin). */
import { openDirectMessage, shellSlots, type UserMenuEnvironment, type UserMenuSection, type UserMenuTarget } from "@hearth/plugins/extensions";
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import type { ContextMenuItem } from "@hearth/ui/contextMenu/ContextMenu";
import { calls } from "./engine/calls";
import { t } from "./i18n";

/** The channel id at the end of an inbox path (`/app/inbox/{channelId}`). */
export function channelOfInboxPath(path: string): string {
  return decodeURIComponent(path.split("?")[0]!.split("/").pop() ?? "");
}

export function callMenuItems(target: UserMenuTarget, { navigate }: UserMenuEnvironment): ContextMenuItem[] {
  const noDirectMessages = !shellSlots.directMessages.get();
  if (noDirectMessages || target.user?.bot || target.userId === useSelfUserStore.getState().user?.id) return [];
  return [
    {
      label: t("callUser", { user: target.user?.username ?? "" }),
      testId: "user-menu-call",
      onSelect: () =>
        void openDirectMessage(target.userId).then((path) => {
          navigate(path);
          return calls.join(channelOfInboxPath(path));
        }, () => undefined),
    },
  ];
}

export const voiceUserMenuSection: UserMenuSection = { order: 20, items: callMenuItems };

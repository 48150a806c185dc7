/** The message menu's thread entry: "Open thread" on a thread's starter, else "Create thread" for who may. */
import type { MessageMenuTarget } from "../../messages/web/public";
import type { ContextMenuItem } from "@hearth/ui/contextMenu/ContextMenu";
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import { permissionSubject, useServersStore } from "../../servers/web/public";
import { openRightDrawer } from "./drawer";
import { t } from "./i18n";
import { canCreateThreads } from "./permissions";
import { openPanel, threadOfMessage, useThreadsStore } from "./threadsStore";

export function threadMenuItems(message: MessageMenuTarget): ContextMenuItem[] {
  const { threads } = useThreadsStore.getState();
  if (threads[message.channelId]) return []; // a message inside a thread: threads do not nest
  const existing = threadOfMessage(threads, message.id);
  if (existing) {
    return [
      {
        label: t("menu.open"),
        testId: "menu-open-thread",
        onSelect: () => {
          openPanel({ kind: "thread", threadId: existing.id });
          openRightDrawer();
        },
      },
    ];
  }
  const servers = useServersStore.getState();
  const channel = servers.channels[message.channelId];
  if (!channel || channel.type !== 1) return [];
  const subject = permissionSubject(servers, channel.serverId, useSelfUserStore.getState().user?.id);
  if (!subject || !canCreateThreads(subject, channel)) return [];
  return [
    {
      label: t("menu.create"),
      testId: "menu-create-thread",
      onSelect: () =>
        void import("./CreateThreadModal").then(({ openCreateThreadModal }) =>
          openCreateThreadModal({ channelId: message.channelId, messageId: message.id, content: message.content }),
        ),
    },
  ];
}

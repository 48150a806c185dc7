/** A message's context menu (right click, long press, Menu key, "More"): what the viewer may do with it. */
import { messageMenuItems } from "../slots";
import type { ContextMenuItem } from "@hearth/ui/contextMenu/ContextMenu";
import { Emoji } from "@hearth/ui/emoji/Emoji";
import { recentEmojis } from "@hearth/ui/emoji/emojiData";
import { t } from "../i18n";
import { canRetry, retrySend, setPinned, toggleReaction } from "../store/actions";
import { MessageType, SentStatus, type Message } from "../types";
import type { PaneContextValue } from "./paneContext";
import { openReactionPicker } from "./Reactions";

/** Filled up from these when fewer emojis were used lately. */
const DEFAULT_QUICK_REACTIONS = ["👍", "❤️", "😂", "😮", "😢"];
const QUICK_REACTION_COUNT = 5;

export function quickReactions(recent: readonly string[] = recentEmojis()): string[] {
  return [...new Set([...recent, ...DEFAULT_QUICK_REACTIONS])].slice(0, QUICK_REACTION_COUNT);
}

export function copyToClipboard(text: string): void {
  navigator.clipboard?.writeText(text).catch(() => undefined);
}

/** The app's address of a message: opening it shows the channel scrolled to it (the `messageId` query). */
export function messageLink(message: Pick<Message, "id" | "channelId">, serverId: string | null | undefined, origin = window.location.origin): string {
  const query = `?messageId=${encodeURIComponent(message.id)}`;
  const channel = encodeURIComponent(message.channelId);
  return serverId ? `${origin}/app/servers/${encodeURIComponent(serverId)}/${channel}${query}` : `${origin}/app/inbox/${channel}${query}`;
}

export interface MessageAbilities {
  isServerMessage: boolean;
  canReact: boolean;
  canReply: boolean;
  canEdit: boolean;
  canDelete: boolean;
  canPin: boolean;
}

export function messageAbilities(message: Message, pane: Pick<PaneContextValue, "selfId" | "permissions">): MessageAbilities {
  const own = message.createdBy.id === pane.selfId;
  const isContent = message.type === MessageType.CONTENT;
  const isServerMessage = !message.local;
  const settled = isServerMessage && message.sentStatus === undefined;
  return {
    isServerMessage,
    canReact: isServerMessage,
    canReply: isContent && isServerMessage && pane.permissions.send,
    canEdit: own && isContent && settled,
    canDelete: message.local ? message.sentStatus !== SentStatus.SENDING : own || pane.permissions.manage,
    canPin: isContent && isServerMessage && pane.permissions.pin,
  };
}

/** The entries, in the order Discord users expect; each only when the viewer may use it. */
export function messageMenuEntries(message: Message, pane: PaneContextValue, anchor: () => HTMLElement | null): ContextMenuItem[] {
  const able = messageAbilities(message, pane);
  const isContent = message.type === MessageType.CONTENT;
  const entry = (label: string, onSelect: ContextMenuItem["onSelect"], testId: string, danger = false): ContextMenuItem => ({ label, onSelect, testId, danger });
  return [
    ...(message.local && canRetry(message) ? [entry(t("failedSend.retry"), () => void retrySend(pane.channelId, message.id), "menu-retry")] : []),
    ...(able.canReact
      ? [
          entry(
            t("actions.addReaction"),
            () => {
              const element = anchor();
              if (element) openReactionPicker(element, message);
            },
            "menu-add-reaction",
          ),
        ]
      : []),
    ...(able.canReply ? [entry(t("actions.reply"), () => pane.reply(message), "menu-reply")] : []),
    ...(able.canEdit ? [entry(t("actions.edit"), () => pane.edit(message), "menu-edit")] : []),
    ...(able.canPin
      ? [entry(message.pinned ? t("actions.unpin") : t("actions.pin"), () => void setPinned(pane.channelId, message, !message.pinned), "menu-pin")]
      : []),
    ...(message.content ? [entry(t("actions.copyText"), () => copyToClipboard(message.content), "menu-copy-text")] : []),
    ...(able.isServerMessage ? [entry(t("actions.copyLink"), () => copyToClipboard(messageLink(message, pane.serverId)), "menu-copy-link")] : []),
    ...(able.isServerMessage ? [entry(t("actions.markUnread"), () => pane.markUnread(message), "menu-mark-unread")] : []),
    ...(isContent && able.isServerMessage && message.sentStatus === undefined
      ? messageMenuItems({ id: message.id, channelId: pane.channelId, content: message.content })
      : []),
    ...(able.canDelete
      ? [
          entry(
            message.localError ? t("actions.dismiss") : t("actions.delete"),
            (choice) => pane.remove(message, { confirm: !choice.shiftKey }),
            "menu-delete",
            true,
          ),
        ]
      : []),
    ...(able.isServerMessage ? [entry(t("actions.copyId"), () => copyToClipboard(message.id), "menu-copy-id")] : []),
  ];
}

/** The row of frequent reactions above the entries; a reaction already given is taken back. */
export function QuickReactions({ message, close }: { message: Message; close: () => void }) {
  return (
    <div className="quick-reactions" role="group" aria-label={t("actions.quickReactions")}>
      {quickReactions().map((emoji) => {
        const reacted = message.reactions?.some((reaction) => !reaction.emojiId && reaction.name === emoji && reaction.reacted);
        return (
          <button
            key={emoji}
            type="button"
            role="menuitem"
            className={`quick-reactions__emoji${reacted ? " quick-reactions__emoji--reacted" : ""}`}
            aria-label={t("actions.reactWith", { emoji })}
            title={t("actions.reactWith", { emoji })}
            data-testid="quick-reaction"
            onClick={() => {
              void toggleReaction(message.channelId, message.id, emoji);
              close();
            }}
          >
            <Emoji emoji={emoji} />
          </button>
        );
      })}
    </div>
  );
}

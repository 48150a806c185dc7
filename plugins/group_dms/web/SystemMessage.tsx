import { formatDate } from "@hearth/i18n/i18n";
import type { RenderedMessage } from "@hearth/plugins/pluginTypes";
import { Icon } from "@hearth/ui/Icon";
import { t } from "./i18n";
import { GroupMessageType } from "./types";

type WithMentions = RenderedMessage & { mentions?: { id: string; username: string }[] };

/** A group's system messages (types 20–24): who joined, left, was removed, what was renamed. */
export function GroupSystemMessage({ message }: { message: RenderedMessage }) {
  const actor = message.createdBy.username;
  const user = (message as WithMentions).mentions?.[0]?.username ?? "?";
  const text = (() => {
    switch (message.type) {
      case GroupMessageType.MEMBER_ADDED:
        return t("system.added", { actor, user });
      case GroupMessageType.MEMBER_LEFT:
        return t("system.left", { actor });
      case GroupMessageType.MEMBER_REMOVED:
        return t("system.removed", { actor, user });
      case GroupMessageType.RENAMED:
        return message.content ? t("system.renamed", { actor, name: message.content }) : t("system.unnamed", { actor });
      default:
        return t("system.icon", { actor });
    }
  })();
  return (
    <div className="message__system" data-testid="group-system-message">
      <Icon name={message.type === GroupMessageType.RENAMED || message.type === GroupMessageType.ICON_CHANGED ? "edit" : "users"} size={16} />
      <span>{text}</span>
      <time className="message__time" dateTime={new Date(message.createdAt).toISOString()}>
        {formatDate(message.createdAt, { hour: "numeric", minute: "2-digit" })}
      </time>
    </div>
  );
}

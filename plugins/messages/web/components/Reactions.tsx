import { openEmojiPicker } from "@hearth/ui/emoji/EmojiPicker";
import { Icon } from "@hearth/ui/Icon";
import { t } from "../i18n";
import { toggleReaction } from "../store/actions";
import type { Message, Reaction } from "../types";

function reactionKey(reaction: Reaction): string {
  return `${reaction.emojiId ?? ""}:${reaction.name}`;
}

/** A custom emoji reaction shows its name; a Unicode one is its own name. */
function ReactionEmoji({ reaction }: { reaction: Reaction }) {
  return <span className="reaction__emoji">{reaction.emojiId ? `:${reaction.name}:` : reaction.name}</span>;
}

/** The reactions under a message: each a toggle button named by its emoji and count. */
export function Reactions({ message }: { message: Message }) {
  const reactions = message.reactions ?? [];
  if (!reactions.length || message.local) return null;
  return (
    <div className="reactions" role="group" aria-label={t("message.reactions")}>
      {reactions.map((reaction) => (
        <button
          key={reactionKey(reaction)}
          type="button"
          className={`reaction${reaction.reacted ? " reaction--reacted" : ""}`}
          aria-pressed={reaction.reacted}
          title={t("message.reactionTitle", { count: reaction.count, name: reaction.name })}
          data-testid="reaction"
          onClick={() => void toggleReaction(message.channelId, message.id, reaction.name, reaction.emojiId)}
        >
          <ReactionEmoji reaction={reaction} />{" "}
          <span className="reaction__count">{reaction.count}</span>
        </button>
      ))}
      <button
        type="button"
        className="reaction reaction--add"
        aria-label={t("message.addReaction")}
        title={t("message.addReaction")}
        onClick={(event) => openReactionPicker(event.currentTarget, message)}
      >
        <Icon name="smile" size={16} />
      </button>
    </div>
  );
}

export function openReactionPicker(anchor: HTMLElement, message: Message): void {
  openEmojiPicker(anchor, (emoji) => void toggleReaction(message.channelId, message.id, emoji.unicode, null, "add"));
}

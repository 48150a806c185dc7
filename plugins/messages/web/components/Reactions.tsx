import { customEmojiUrl } from "@hearth/ui/emoji/customEmoji";
import { EmojiText } from "@hearth/ui/emoji/Emoji";
import { openEmojiPicker } from "@hearth/ui/emoji/openEmojiPicker";
import { Icon } from "@hearth/ui/Icon";
import { t } from "../i18n";
import { toggleReaction } from "../store/actions";
import type { Message, Reaction } from "../types";
import { ReactionUsersHover } from "./ReactionUsers";

function reactionKey(reaction: Reaction): string {
  return `${reaction.emojiId ?? ""}:${reaction.name}`;
}

/** A custom emoji reaction shows its picture from the CDN; a Unicode one is its own name, drawn as Twemoji. */
function ReactionEmoji({ reaction }: { reaction: Reaction }) {
  if (reaction.emojiId) {
    return (
      <span className="reaction__emoji">
        <img className="reaction__custom-emoji" src={customEmojiUrl(reaction.emojiId)} alt={`:${reaction.name}:`} loading="lazy" />
      </span>
    );
  }
  return (
    <span className="reaction__emoji">
      <EmojiText text={reaction.name} />
    </span>
  );
}

/** The reactions under a message: each a toggle button named by its emoji and count. */
export function Reactions({ message }: { message: Message }) {
  const reactions = message.reactions ?? [];
  if (!reactions.length || message.local) return null;
  return (
    <div className="reactions" role="group" aria-label={t("message.reactions")}>
      {reactions.map((reaction) => (
        <ReactionUsersHover key={reactionKey(reaction)} message={message} reaction={reaction}>
          <button
            type="button"
            className={`reaction${reaction.reacted ? " reaction--reacted" : ""}`}
            aria-pressed={reaction.reacted}
            title={t("message.reactionTitle", { count: reaction.count, name: reaction.name })}
            data-testid="reaction"
            onClick={() => void toggleReaction(message.channelId, message.id, reaction.name, reaction.emojiId, "toggle", Boolean(reaction.gif))}
          >
            <ReactionEmoji reaction={reaction} />{" "}
            <span className="reaction__count">{reaction.count}</span>
          </button>
        </ReactionUsersHover>
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
  openEmojiPicker(anchor, (emoji) =>
    emoji.custom
      ? void toggleReaction(message.channelId, message.id, emoji.custom.name, emoji.custom.id, "add", Boolean(emoji.custom.gif))
      : void toggleReaction(message.channelId, message.id, emoji.unicode, null, "add"),
  );
}

/** Wire shapes of custom emojis (entities.md §4.9). */
import type { CustomEmoji } from "@hearth/ui/emoji/customEmoji";

export interface CustomEmojiRow extends CustomEmoji {
  serverId: string;
  uploadedById: string;
}

/** `GET /servers/:serverId/emojis` rows carry the uploader (a full User row). */
export interface ListedEmoji extends CustomEmojiRow {
  uploadedBy: { id: string; username: string; tag: string; avatar?: string | null; hexColor?: string | null } | null;
}

import { Icon } from "@hearth/ui/Icon";

/** A forum channel's mark in the channel list and header. */
export function ForumGlyph() {
  return <Icon name="chat" size={18} />;
}

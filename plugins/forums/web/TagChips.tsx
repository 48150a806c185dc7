/** A post's tags, by name, in the order they were put on. */
import { t } from "./i18n";
import type { ForumTag } from "./types";

export function TagChips({ tags, ids }: { tags: readonly ForumTag[]; ids: readonly string[] }) {
  const named = ids.map((tagId) => tags.find((tag) => tag.id === tagId)).filter((tag): tag is ForumTag => Boolean(tag));
  if (named.length === 0) return null;
  return (
    <ul className="forum-tags" aria-label={t("post.tags")}>
      {named.map((tag) => (
        <li key={tag.id} className="forum-tag">
          {tag.name}
        </li>
      ))}
    </ul>
  );
}

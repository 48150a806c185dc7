/** The `@` and `#` lists of a composer, made from the place's `MentionSource`. */
import { t } from "../../i18n/i18n";
import { Avatar } from "../Avatar";
import { findChannelQuery, findPersonQuery, mentionMarkup, rememberMentionName, type MentionBatch, type MentionCandidate, type MentionSource } from "./mentions";
import type { SuggestionBatch, SuggestionItem, SuggestionProvider } from "./useSuggestions";

function item(candidate: MentionCandidate): SuggestionItem {
  const { kind, id, name } = candidate;
  return {
    key: `${kind}:${id}`,
    insert: mentionMarkup(candidate),
    label: kind === "channel" ? name : kind === "user" ? name : `@${name}`,
    detail: candidate.detail,
    icon:
      kind === "user" && candidate.user ? (
        <Avatar user={candidate.user} size={24} presenceUserId={candidate.user.id} />
      ) : kind === "channel" ? (
        "#"
      ) : (
        "@"
      ),
    color: kind === "role" ? candidate.color : undefined,
    variant: kind,
    onPick: () => rememberMentionName(kind, id, name),
  };
}

function items(batch: MentionBatch): SuggestionBatch {
  return { items: batch.items.map(item), later: batch.later?.then((found) => found && found.map(item)) };
}

export function mentionProviders(source: MentionSource | undefined): SuggestionProvider[] {
  if (!source) return [];
  const providers: SuggestionProvider[] = [
    { label: () => t("suggestions.people"), find: findPersonQuery, suggest: (query) => items(source.people(query)) },
  ];
  const { channels } = source;
  if (channels) providers.push({ label: () => t("suggestions.channels"), find: findChannelQuery, suggest: (query) => items(channels(query)) });
  return providers;
}

/**
 * What `@` offers in the post and reply composers: anyone, found through the user search
 * (`GET /users/search`, the social plugin's; people you follow first). A picked person goes in
 * as `[@:<id>]`, which the server keeps as a mention and turns into a MENTIONED notification
 * (rest.md §7.7). The search allows 15 calls a minute, so it is asked only when typing pauses,
 * and an answer of fewer than ten people also answers every longer query that starts the same.
 */
import { request } from "@hearth/api/request";
import { fold, rankMentions, type MentionBatch, type MentionCandidate, type MentionSource } from "@hearth/ui/suggest/mentions";

interface FoundUser {
  id: string;
  username: string;
  tag: string;
  avatar?: string | null;
  hexColor?: string | null;
}

/** How long typing must pause before the search is asked (ms). */
export const SEARCH_PAUSE_MS = 300;
const COMPLETE_BELOW = 10;
const MAX_CACHED = 50;
const answers = new Map<string, FoundUser[]>();
let latest = 0;

function candidate(user: FoundUser): MentionCandidate {
  return { kind: "user", id: user.id, name: user.username, detail: `${user.username}:${user.tag}`, aliases: [`${user.username}:${user.tag}`], user };
}

function known(query: string): FoundUser[] | null {
  for (let length = query.length; length > 0; length -= 1) {
    const found = answers.get(query.slice(0, length));
    if (found && (length === query.length || found.length < COMPLETE_BELOW)) return found;
  }
  return null;
}

async function search(query: string, folded: string): Promise<MentionCandidate[] | null> {
  const asked = ++latest;
  await new Promise((resolve) => setTimeout(resolve, SEARCH_PAUSE_MS));
  if (asked !== latest) return null;
  const found = await request<FoundUser[]>({ path: "/users/search", query: { q: query } });
  if (answers.size >= MAX_CACHED) answers.delete(answers.keys().next().value!);
  answers.set(folded, found);
  return rankMentions(found.map(candidate), query);
}

export const postMentionSource: MentionSource = {
  people: (query): MentionBatch => {
    if (!query) return { items: [] };
    const folded = fold(query);
    const found = known(folded);
    return found ? { items: rankMentions(found.map(candidate), query) } : { items: [], later: search(query, folded) };
  },
};

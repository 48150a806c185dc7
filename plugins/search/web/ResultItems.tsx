/** The rows of the search dialog's list: messages grouped by channel, posts, people. */
import { formatDate } from "@hearth/i18n/i18n";
import { t } from "./i18n";
import { highlightPieces, withMentionNames, type ResultGroup } from "./results";
import type { FoundPerson, PostResult, SearchChannel } from "./searchApi";

interface RowProps {
  index: number;
  active: number;
  setActive: (index: number) => void;
  open: (index: number) => void;
}

function rowProps({ index, active, setActive, open }: RowProps) {
  return {
    id: `search-result-${index}`,
    "data-index": index,
    role: "option",
    "aria-selected": index === active,
    className: `hearth-search__result${index === active ? " is-active" : ""}`,
    onMouseEnter: () => setActive(index),
    onClick: () => open(index),
  } as const;
}

function Marked({ content, highlights, mentions = [] }: { content: string; highlights: [number, number][]; mentions?: { id: string; username: string }[] }) {
  return (
    <p className="hearth-search__content" dir="auto">
      {highlightPieces(content, highlights).map((piece, n) =>
        piece.marked ? <mark key={n}>{piece.text}</mark> : <span key={n}>{withMentionNames(piece.text, mentions)}</span>,
      )}
    </p>
  );
}

function Meta({ author, at, note }: { author?: string; at: number; note?: string }) {
  return (
    <div className="hearth-search__meta">
      <span className="hearth-search__author">{author}</span>
      {note && <span>{note}</span>}
      <time dateTime={new Date(at).toISOString()}>{formatDate(at, { dateStyle: "medium", timeStyle: "short" })}</time>
    </div>
  );
}

type Rows = Omit<RowProps, "index">;

export function MessageGroups({ groups, ...rows }: { groups: ResultGroup[] } & Rows) {
  return groups.map((group) => (
    <section key={group.channel.id} className="hearth-search__group" aria-label={channelTitle(group.channel)}>
      <h3 className="hearth-search__channel">{channelTitle(group.channel)}</h3>
      {group.results.map(({ result, index }) => (
        <div key={result.message.id} {...rowProps({ index, ...rows })} data-testid="search-result">
          <Meta author={result.message.createdBy?.username} at={result.message.createdAt ?? 0} />
          <Marked content={result.message.content ?? ""} highlights={result.highlights} />
        </div>
      ))}
    </section>
  ));
}

export function PostItems({ results, ...rows }: { results: PostResult[] } & Rows) {
  return results.map(({ post, highlights }, index) => (
    <div key={post.id} {...rowProps({ index, ...rows })} data-testid="search-post">
      <Meta author={post.createdBy.username} at={post.createdAt} note={post.commentToId ? t("reply") : undefined} />
      <Marked content={post.content ?? ""} highlights={highlights} mentions={post.mentions} />
    </div>
  ));
}

export function PersonItems({ people, ...rows }: { people: FoundPerson[] } & Rows) {
  return people.map((person, index) => (
    <div key={person.id} {...rowProps({ index, ...rows })} data-testid="search-person">
      <span className="hearth-search__author">{person.username}</span>
      <span className="hearth-search__tag">:{person.tag}</span>
    </div>
  ));
}

function channelTitle(channel: SearchChannel): string {
  if (channel.name) return channel.serverId ? `#${channel.name}` : channel.name;
  return channel.type === 0 ? t("dm") : t("unnamed");
}

/**
 * The one search box (Ctrl/Cmd+K, or the search button of a channel's header): tabs for messages,
 * posts and people; words and typed or picked filters; for messages, where to look (opened in a
 * server channel, the server with `in:<channel>` already typed, as Discord users expect); best
 * match or newest first. Results with the matched words marked, arrow keys and Enter to open one
 * (a message at its place in the history, a post, a profile), more loaded as the list scrolls.
 */
import { usePluginLoaded } from "@hearth/plugins/pluginStore";
import { ModalPanel } from "@hearth/ui/modal/ModalPanel";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { directChannelPath } from "../../messages/web/public";
import { t } from "./i18n";
import { MessageGroups, PersonItems, PostItems } from "./ResultItems";
import { drawnOrder, groupByChannel, inFilter, withFilter, withoutFilters, type ResultGroup } from "./results";
import { filterNamesOf, filtersOf, kindsShown, type Kind } from "./searchKinds";
import {
  searchMessages,
  searchPeople,
  searchPosts,
  type FoundPerson,
  type PostPage,
  type Scope,
  type SearchChannel,
  type SearchPage,
  type SearchResult,
  type Sort,
} from "./searchApi";
import "./search.css";

export interface SearchContext {
  serverId?: string;
  channelId?: string;
  /** A server channel's name: the box starts with `in:<name>`. */
  channelName?: string;
}

interface Props {
  context: SearchContext;
  close: () => void;
  navigate: (path: string) => void;
}

type Shown =
  | { kind: "messages"; query: string; scope: Scope; sort: Sort; page: SearchPage }
  | { kind: "posts"; query: string; sort: Sort; page: PostPage }
  | { kind: "people"; query: string; found: FoundPerson[] };

function resultPath(result: SearchResult, channel: SearchChannel): string {
  const jump = `?messageId=${encodeURIComponent(result.message.id)}`;
  const id = encodeURIComponent(result.message.channelId);
  if (channel.serverId && channel.parentId) return `/app/servers/${encodeURIComponent(channel.serverId)}/${encodeURIComponent(channel.parentId)}?thread=${id}`;
  if (channel.serverId) return `/app/servers/${encodeURIComponent(channel.serverId)}/${id}${jump}`;
  return `${directChannelPath(result.message.channelId)}${jump}`;
}

/** Where the message search looks from here: in a server, `in:` stands for "this channel". */
function scopesFor(context: SearchContext): Scope[] {
  if (context.serverId) return ["server", "dms", "all"];
  return [...(context.channelId ? (["channel"] as const) : []), "dms", "all"];
}

export function SearchDialog({ context, close, navigate }: Props) {
  const kinds = kindsShown(usePluginLoaded("posts"), usePluginLoaded("social"));
  const scopes = scopesFor(context);
  const [kind, setKind] = useState<Kind>("messages");
  const [text, setText] = useState(context.serverId && context.channelName ? `${inFilter(context.channelName)} ` : "");
  const [scope, setScope] = useState<Scope>(scopes[0]!);
  const [sort, setSort] = useState<Sort>("relevance");
  const [shown, setShown] = useState<Shown | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [active, setActive] = useState(-1);
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const generation = useRef(0);

  useEffect(() => input.current?.focus(), []);

  /** Runs one search; with `more`, the next page of what is shown. */
  const run = async (next: { kind: Kind; query: string; scope: Scope; sort: Sort }, more?: Shown) => {
    const mine = ++generation.current;
    setLoading(true);
    setError(null);
    try {
      let found: Shown;
      if (next.kind === "people") {
        found = { kind: "people", query: next.query, found: await searchPeople(next.query.trim()) };
      } else if (next.kind === "posts") {
        const cursor = more?.kind === "posts" ? (more.page.cursor ?? undefined) : undefined;
        const page = await searchPosts({ q: next.query, sort: next.sort, cursor });
        found = { kind: "posts", query: next.query, sort: next.sort, page: more?.kind === "posts" ? { results: [...more.page.results, ...page.results], cursor: page.cursor } : page };
      } else {
        const cursor = more?.kind === "messages" ? (more.page.cursor ?? undefined) : undefined;
        const page = await searchMessages({
          q: next.query,
          scope: next.scope,
          sort: next.sort,
          serverId: next.scope === "server" ? context.serverId : undefined,
          channelId: next.scope === "channel" ? context.channelId : undefined,
          cursor,
        });
        const joined = more?.kind === "messages"
          ? { results: [...more.page.results, ...page.results], channels: { ...more.page.channels, ...page.channels }, cursor: page.cursor }
          : page;
        found = { kind: "messages", query: next.query, scope: next.scope, sort: next.sort, page: joined };
      }
      if (mine !== generation.current) return;
      setShown(found);
      if (!more) setActive(count(found) ? 0 : -1);
    } catch (failure) {
      if (mine === generation.current) setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      if (mine === generation.current) setLoading(false);
    }
  };

  const search = (changes: Partial<{ kind: Kind; scope: Scope; sort: Sort }> = {}, query = text) => {
    if (!query.trim()) return;
    void run({ kind, scope, sort, ...changes, query });
  };

  const groups: ResultGroup[] = shown?.kind === "messages" ? groupByChannel(shown.page.results, shown.page.channels) : [];
  const order = shown?.kind === "messages" ? drawnOrder(groups) : [...Array(shown ? count(shown) : 0).keys()];

  const open = (index: number) => {
    if (!shown) return;
    let path: string | null = null;
    if (shown.kind === "people") {
      const person = shown.found[index];
      path = person ? `/app/profile/${encodeURIComponent(person.id)}` : null;
    } else if (shown.kind === "posts") {
      const found = shown.page.results[index];
      path = found ? `/app?postId=${encodeURIComponent(found.post.id)}` : null;
    } else {
      const result = shown.page.results[index];
      const channel = result && (shown.page.channels[result.message.channelId] ?? { id: "", name: null, type: 0, serverId: null });
      path = result && channel ? resultPath(result, channel) : null;
    }
    if (!path) return;
    close();
    navigate(path);
  };

  const isShowing = shown !== null && shown.kind === kind && shown.query === text && (shown.kind !== "messages" || shown.scope === scope);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const at = order.indexOf(active);
    if (event.key === "ArrowDown" && order.length) {
      event.preventDefault();
      setActive(order[Math.min(order.length - 1, at + 1)] ?? -1);
    } else if (event.key === "ArrowUp" && order.length) {
      event.preventDefault();
      setActive(order[Math.max(0, at - 1)] ?? -1);
    } else if (event.key === "Enter") {
      event.preventDefault();
      if (isShowing && active >= 0) open(active);
      else search();
    } else if (event.key === "Escape") {
      close();
    }
  };

  useEffect(() => {
    list.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, [active]);

  const onScroll = () => {
    const box = list.current;
    if (!box || !shown || shown.kind === "people" || !shown.page.cursor || loading) return;
    if (box.scrollTop + box.clientHeight >= box.scrollHeight - 120) {
      void run({ kind: shown.kind, query: shown.query, scope: shown.kind === "messages" ? shown.scope : scope, sort: shown.sort }, shown);
    }
  };

  const rows = { active, setActive, open };
  const activeId = active >= 0 ? `search-result-${active}` : undefined;
  const current = shown?.kind === kind ? shown : null;
  return (
    <ModalPanel title={t("title")} onClose={close}>
      <div className="hearth-search" data-testid="search-dialog">
        <input
          ref={input}
          className="hearth-search__box"
          type="search"
          value={text}
          placeholder={t(`placeholder.${kind}`)}
          aria-label={t(`placeholder.${kind}`)}
          aria-controls="search-results"
          aria-activedescendant={activeId}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          data-testid="search-box"
        />
        {kinds.length > 1 && (
          <div className="hearth-search__tabs" role="tablist" aria-label={t("kind.label")}>
            {kinds.map((option) => (
              <button
                key={option}
                type="button"
                role="tab"
                id={`search-tab-${option}`}
                aria-selected={option === kind}
                aria-controls="search-panel"
                className={`hearth-search__tab${option === kind ? " is-chosen" : ""}`}
                onClick={() => {
                  // a filter the tab does not take leaves the box (posts are in no channel; people have no filters)
                  const query = withoutFilters(text, filterNamesOf(option));
                  setText(query);
                  setKind(option);
                  setActive(-1);
                  search({ kind: option }, query);
                  input.current?.focus();
                }}
              >
                {t(`kind.${option}`)}
              </button>
            ))}
          </div>
        )}
        <div id="search-panel" className="hearth-search__panel" role={kinds.length > 1 ? "tabpanel" : undefined} aria-labelledby={kinds.length > 1 ? `search-tab-${kind}` : undefined}>
          {kind !== "people" && (
            <div className="hearth-search__options">
              {kind === "messages" && (
                <fieldset className="hearth-search__scopes">
                  <legend>{t("scope.label")}</legend>
                  {scopes.map((option) => (
                    <label key={option} className={option === scope ? "is-chosen" : undefined}>
                      <input
                        type="radio"
                        name="search-scope"
                        value={option}
                        checked={option === scope}
                        onChange={() => {
                          setScope(option);
                          search({ scope: option });
                        }}
                      />
                      {t(`scope.${option}`)}
                    </label>
                  ))}
                </fieldset>
              )}
              <label className="hearth-search__sort">
                {t("sort.label")}
                <select
                  value={sort}
                  onChange={(event) => {
                    const next = event.target.value as Sort;
                    setSort(next);
                    search({ sort: next });
                  }}
                  data-testid="search-sort"
                >
                  <option value="relevance">{t("sort.relevance")}</option>
                  <option value="newest">{t("sort.newest")}</option>
                </select>
              </label>
            </div>
          )}
          {kind !== "people" && (
            <div className="hearth-search__chips" role="group" aria-label={t("filters")}>
              {filtersOf(kind).map((filter) => (
                <button
                  key={filter.key}
                  type="button"
                  className="hearth-search__chip"
                  onClick={() => {
                    setText((before) => withFilter(before, filter.text));
                    input.current?.focus();
                  }}
                >
                  {t(`filter.${filter.key}`)}
                </button>
              ))}
            </div>
          )}
          {!current && !loading && !error && <p className="hearth-search__hint">{t(kind === "people" ? "hintPeople" : "hint")}</p>}
          {error && (
            <p className="hearth-search__error" role="alert">
              {t("failed", { error })}
            </p>
          )}
          {current && (
            <p className="hearth-search__count" aria-live="polite">
              {count(current) ? t(current.kind === "people" ? "people" : "results", { count: count(current) }) : t("empty")}
            </p>
          )}
          <div ref={list} id="search-results" className="hearth-search__results" role="listbox" aria-label={t(`kind.${kind}`)} onScroll={onScroll}>
            {current?.kind === "messages" && <MessageGroups groups={groups} {...rows} />}
            {current?.kind === "posts" && <PostItems results={current.page.results} {...rows} />}
            {current?.kind === "people" && <PersonItems people={current.found} {...rows} />}
            {loading && <p className="hearth-search__hint">{current ? t("more") : t("loading")}</p>}
          </div>
        </div>
      </div>
    </ModalPanel>
  );
}

function count(shown: Shown): number {
  return shown.kind === "people" ? shown.found.length : shown.page.results.length;
}

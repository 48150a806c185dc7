/**
 * The one search box (Ctrl/Cmd+K, or the search button of a channel's header): words and typed
 * or picked filters, where to look, best match or newest first; results grouped by channel with
 * the matched words marked, arrow keys and Enter to open one at its place in the history, more
 * loaded as the list scrolls to its end.
 */
import { formatDate } from "@hearth/i18n/i18n";
import { usePluginLoaded } from "@hearth/plugins/pluginStore";
import { ModalPanel } from "@hearth/ui/modal/ModalPanel";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { directChannelPath } from "../../messages/web/public";
import { t } from "./i18n";
import { drawnOrder, groupByChannel, highlightPieces, withFilter, type ResultGroup } from "./results";
import { searchMessages, searchPeople, type FoundPerson, type Scope, type SearchChannel, type SearchPage, type SearchResult, type Sort } from "./searchApi";
import "./search.css";

export interface SearchContext {
  serverId?: string;
  channelId?: string;
}

interface Props {
  context: SearchContext;
  close: () => void;
  navigate: (path: string) => void;
}

const FILTERS: { key: keyof ReturnType<typeof filterLabels>; text: string }[] = [
  { key: "from", text: "from:" },
  { key: "mentions", text: "mentions:" },
  { key: "in", text: "in:" },
  { key: "file", text: "has:file" },
  { key: "image", text: "has:image" },
  { key: "link", text: "has:link" },
  { key: "pinned", text: "pinned:true" },
  { key: "during", text: "during:" },
  { key: "exclude", text: "-" },
];

function filterLabels() {
  return {
    from: t("filter.from"),
    mentions: t("filter.mentions"),
    in: t("filter.in"),
    file: t("filter.file"),
    image: t("filter.image"),
    link: t("filter.link"),
    pinned: t("filter.pinned"),
    during: t("filter.during"),
    exclude: t("filter.exclude"),
  };
}

function resultPath(result: SearchResult, channel: SearchChannel): string {
  const jump = `?messageId=${encodeURIComponent(result.message.id)}`;
  const id = encodeURIComponent(result.message.channelId);
  if (channel.serverId && channel.parentId) return `/app/servers/${encodeURIComponent(channel.serverId)}/${encodeURIComponent(channel.parentId)}?thread=${id}`;
  if (channel.serverId) return `/app/servers/${encodeURIComponent(channel.serverId)}/${id}${jump}`;
  return `${directChannelPath(result.message.channelId)}${jump}`;
}

interface Shown extends SearchPage {
  query: string;
  scope: Scope;
  sort: Sort;
}

/** Where the box looks: the search route's scopes, or people by name. */
type Where = Scope | "people";

export function SearchDialog({ context, close, navigate }: Props) {
  const socialLoaded = usePluginLoaded("social");
  const scopes: Where[] = [
    ...(context.channelId ? (["channel"] as const) : []),
    ...(context.serverId ? (["server"] as const) : []),
    "dms",
    "all",
    ...(socialLoaded ? (["people"] as const) : []),
  ];
  const [text, setText] = useState("");
  const [people, setPeople] = useState<{ query: string; found: FoundPerson[] } | null>(null);
  const [scope, setScope] = useState<Where>(context.serverId ? "server" : context.channelId ? "channel" : "all");
  const [sort, setSort] = useState<Sort>("relevance");
  const [shown, setShown] = useState<Shown | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [active, setActive] = useState(-1);
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const generation = useRef(0);

  useEffect(() => input.current?.focus(), []);

  const run = async (query: string, where: Scope, order: Sort, cursor?: string) => {
    const mine = ++generation.current;
    setLoading(true);
    setError(null);
    try {
      const page = await searchMessages({
        q: query,
        scope: where,
        sort: order,
        serverId: where === "server" ? context.serverId : undefined,
        channelId: where === "channel" ? context.channelId : undefined,
        cursor,
      });
      if (mine !== generation.current) return;
      setShown((before) =>
        cursor && before
          ? { ...before, results: [...before.results, ...page.results], channels: { ...before.channels, ...page.channels }, cursor: page.cursor }
          : { ...page, query, scope: where, sort: order },
      );
      if (!cursor) setActive(page.results.length ? 0 : -1);
    } catch (failure) {
      if (mine === generation.current) setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      if (mine === generation.current) setLoading(false);
    }
  };

  const findPeople = async (query: string) => {
    const mine = ++generation.current;
    setLoading(true);
    setError(null);
    try {
      const found = await searchPeople(query.trim());
      if (mine !== generation.current) return;
      setPeople({ query, found });
      setActive(found.length ? 0 : -1);
    } catch (failure) {
      if (mine === generation.current) setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      if (mine === generation.current) setLoading(false);
    }
  };

  const search = (where = scope, order = sort) => {
    if (!text.trim()) return;
    if (where === "people") void findPeople(text);
    else void run(text, where, order);
  };

  const peopleShown = scope === "people" && people !== null;
  const groups: ResultGroup[] = shown && scope !== "people" ? groupByChannel(shown.results, shown.channels) : [];
  const order = peopleShown ? people.found.map((_, index) => index) : drawnOrder(groups);

  const open = (index: number) => {
    if (peopleShown) {
      const person = people.found[index];
      if (!person) return;
      close();
      navigate(`/app/profile/${encodeURIComponent(person.id)}`);
      return;
    }
    const result = shown?.results[index];
    if (!result || !shown) return;
    close();
    navigate(resultPath(result, shown.channels[result.message.channelId] ?? { id: "", name: null, type: 0, serverId: null }));
  };

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
      const current = peopleShown ? people.query : scope === shown?.scope ? shown.query : null;
      if (current === text && active >= 0) open(active);
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
    if (!box || !shown?.cursor || loading || scope === "people") return;
    if (box.scrollTop + box.clientHeight >= box.scrollHeight - 120) void run(shown.query, shown.scope, shown.sort, shown.cursor);
  };

  const labels = filterLabels();
  const activeId = active >= 0 ? `search-result-${active}` : undefined;
  return (
    <ModalPanel title={t("title")} onClose={close}>
      <div className="hearth-search" data-testid="search-dialog">
        <input
          ref={input}
          className="hearth-search__box"
          type="search"
          value={text}
          placeholder={t("placeholder")}
          aria-label={t("title")}
          aria-controls="search-results"
          aria-activedescendant={activeId}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          data-testid="search-box"
        />
        <div className="hearth-search__options">
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
                    search(option, sort);
                  }}
                />
                {t(`scope.${option}`)}
              </label>
            ))}
          </fieldset>
          <label className="hearth-search__sort">
            {t("sort.label")}
            <select
              value={sort}
              onChange={(event) => {
                const next = event.target.value as Sort;
                setSort(next);
                search(scope, next);
              }}
              data-testid="search-sort"
            >
              <option value="relevance">{t("sort.relevance")}</option>
              <option value="newest">{t("sort.newest")}</option>
            </select>
          </label>
        </div>
        <div className="hearth-search__chips" role="group" aria-label={t("filters")}>
          {FILTERS.map((filter) => (
            <button
              key={filter.key}
              type="button"
              className="hearth-search__chip"
              onClick={() => {
                setText((current) => withFilter(current, filter.text));
                input.current?.focus();
              }}
            >
              {labels[filter.key]}
            </button>
          ))}
        </div>
        {!shown && !people && !loading && !error && <p className="hearth-search__hint">{t("hint")}</p>}
        {error && (
          <p className="hearth-search__error" role="alert">
            {t("failed", { error })}
          </p>
        )}
        {peopleShown && !people.found.length && <p className="hearth-search__count">{t("empty")}</p>}
        {shown && !peopleShown && scope !== "people" && (
          <p className="hearth-search__count" aria-live="polite">
            {shown.results.length ? t("results", { count: shown.results.length }) : t("empty")}
          </p>
        )}
        <div ref={list} id="search-results" className="hearth-search__results" role="listbox" aria-label={t("title")} onScroll={onScroll}>
          {peopleShown &&
            people.found.map((person, index) => (
              <div
                key={person.id}
                id={`search-result-${index}`}
                data-index={index}
                role="option"
                aria-selected={index === active}
                className={`hearth-search__result${index === active ? " is-active" : ""}`}
                data-testid="search-person"
                onMouseEnter={() => setActive(index)}
                onClick={() => open(index)}
              >
                <span className="hearth-search__author">{person.username}</span>
                <span className="hearth-search__tag">:{person.tag}</span>
              </div>
            ))}
          {groups.map((group) => (
            <section key={group.channel.id} className="hearth-search__group" aria-label={channelTitle(group.channel)}>
              <h3 className="hearth-search__channel">{channelTitle(group.channel)}</h3>
              {group.results.map(({ result, index }) => (
                <div
                  key={result.message.id}
                  id={`search-result-${index}`}
                  data-index={index}
                  role="option"
                  aria-selected={index === active}
                  className={`hearth-search__result${index === active ? " is-active" : ""}`}
                  data-testid="search-result"
                  onMouseEnter={() => setActive(index)}
                  onClick={() => open(index)}
                >
                  <div className="hearth-search__meta">
                    <span className="hearth-search__author">{result.message.createdBy?.username}</span>
                    <time dateTime={new Date(result.message.createdAt ?? 0).toISOString()}>
                      {formatDate(result.message.createdAt ?? 0, { dateStyle: "medium", timeStyle: "short" })}
                    </time>
                  </div>
                  <p className="hearth-search__content">
                    {highlightPieces(result.message.content ?? "", result.highlights).map((piece, n) =>
                      piece.marked ? <mark key={n}>{piece.text}</mark> : <span key={n}>{piece.text}</span>,
                    )}
                  </p>
                </div>
              ))}
            </section>
          ))}
          {loading && <p className="hearth-search__hint">{shown ? t("more") : t("loading")}</p>}
        </div>
      </div>
    </ModalPanel>
  );
}

function channelTitle(channel: SearchChannel): string {
  if (channel.name) return channel.serverId ? `#${channel.name}` : channel.name;
  return channel.type === 0 ? t("dm") : t("unnamed");
}

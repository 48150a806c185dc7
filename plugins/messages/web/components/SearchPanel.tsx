/**
 * Search in the channel on screen (rest.md §3.2), shown in the right drawer in place of the
 * page's own drawer content: a box searched after a pause, matches newest first with author,
 * time and markup, older matches when the end of the list comes into view, "Jump" to a match.
 */
import { closeOverlays, useLayoutStore } from "@hearth/app/layoutStore";
import { LayoutSlot } from "@hearth/app/layoutSlots";
import { Avatar } from "@hearth/ui/Avatar";
import { Button } from "@hearth/ui/Button";
import { Icon } from "@hearth/ui/Icon";
import { Markup } from "@hearth/ui/markup/Markup";
import { useEffect, useRef } from "react";
import { t } from "../i18n";
import { closeSearch, loadOlderResults, searchNow, setSearchQuery, useSearchStore } from "../store/searchStore";
import type { Message } from "../types";
import { formatFullDate, formatMessageTime } from "./format";
import { usePaneContext } from "./paneContext";
import "./search.css";
import { withoutBotId } from "./commands";

function SearchResult({ message, onJump }: { message: Message; onJump: (message: Message) => void }) {
  return (
    <li className="search-result" data-testid="search-result" data-message-id={message.id}>
      <header className="search-result__header">
        <Avatar user={message.createdBy} size={20} />
        <strong className="search-result__author">{message.createdBy.username}</strong>
        <time className="muted" dateTime={new Date(message.createdAt).toISOString()} title={formatFullDate(message.createdAt)}>
          {formatMessageTime(message.createdAt)}
        </time>
      </header>
      <div className="search-result__content">
        {message.content ? <Markup content={withoutBotId(message.content)} /> : <span className="muted">{t("search.noText")}</span>}
      </div>
      <Button variant="ghost" className="search-result__jump" onClick={() => onJump(message)}>
        {t("search.jump")}
      </Button>
    </li>
  );
}

export function SearchPanel() {
  const { jumpTo } = usePaneContext();
  const { query, results, searched, loading, hasMore, error } = useSearchStore();
  const sentinel = useRef<HTMLDivElement>(null);

  // The drawer is where results go: open it (it is an overlay at the mobile width).
  useEffect(() => useLayoutStore.setState({ rightDrawerOpen: true }), []);

  useEffect(() => {
    const element = sentinel.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) loadOlderResults();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [results.length, hasMore]);

  const onJump = (message: Message) => {
    closeOverlays();
    jumpTo(message.id);
  };

  const idle = !query.trim();
  return (
    <>
      <LayoutSlot name="drawerTitle">
        <span className="message-search-title">{t("search.title")}</span>
      </LayoutSlot>
      <LayoutSlot name="drawer">
        <section className="message-search" aria-label={t("search.title")} data-testid="message-search">
          <div className="message-search__box">
            <Icon name="search" size={18} />
            <input
              type="search"
              autoFocus
              aria-label={t("search.label")}
              placeholder={t("search.placeholder")}
              maxLength={50}
              value={query}
              onChange={(event) => setSearchQuery(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === "Enter") searchNow();
                if (event.key === "Escape") closeSearch();
              }}
            />
            <button type="button" className="icon-button" aria-label={t("search.close")} title={t("search.close")} onClick={closeSearch}>
              <Icon name="close" size={18} />
            </button>
          </div>
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          {idle && <p className="muted message-search__hint">{t("search.hint")}</p>}
          {!idle && searched && !loading && !error && results.length === 0 && (
            <p className="muted message-search__hint" data-testid="search-empty">
              {t("search.empty", { query: searched })}
            </p>
          )}
          {!idle && results.length > 0 && (
            <>
              <p className="muted message-search__count" role="status">
                {hasMore
                  ? t("search.countMore", { count: results.length })
                  : t("search.count", { count: results.length })}
              </p>
              <ol className="message-search__results">
                {results.map((message) => (
                  <SearchResult key={message.id} message={message} onJump={onJump} />
                ))}
              </ol>
            </>
          )}
          {!idle && loading && (
            <p className="pane-loading message-search__loading" role="status">
              <span className="spinner" aria-hidden="true" />
              {results.length ? t("search.loadingOlder") : t("search.loading")}
            </p>
          )}
          {!idle && hasMore && !loading && (
            <div ref={sentinel} className="message-search__more">
              <Button variant="ghost" onClick={loadOlderResults}>
                {t("search.loadOlder")}
              </Button>
            </div>
          )}
        </section>
      </LayoutSlot>
    </>
  );
}

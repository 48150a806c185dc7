/** A channel's threads, active or archived, newest activity first: pick one to open it. */
import { formatDateTime } from "@hearth/ui/format";
import { PaneLoading } from "@hearth/ui/PaneLoading";
import { Button } from "@hearth/ui/Button";
import { useEffect, useId, useState } from "react";
import { useShallow } from "zustand/react/shallow";
import { t } from "./i18n";
import { listThreads } from "./threadsApi";
import { openPanel, rememberThreads, threadsOf, useThreadsStore } from "./threadsStore";
import { UnreadMark } from "./UnreadMark";

export function ThreadList({ channelId }: { channelId: string }) {
  const [archived, setArchived] = useState(false);
  const [state, setState] = useState<{ loading: boolean; error: string | null; hasMore: boolean }>({ loading: true, error: null, hasMore: false });
  const threads = useThreadsStore(useShallow((store) => threadsOf(store.threads, channelId, archived)));
  const tabsId = useId();

  const load = (before?: number) => {
    setState((current) => ({ ...current, loading: true, error: null }));
    listThreads(channelId, archived, before).then(
      (page) => {
        rememberThreads(page.threads);
        setState({ loading: false, error: null, hasMore: page.hasMore });
      },
      (error: { message?: string }) => setState({ loading: false, error: error.message ?? "", hasMore: false }),
    );
  };
  useEffect(load, [channelId, archived]); // eslint-disable-line react-hooks/exhaustive-deps

  const last = threads[threads.length - 1];
  return (
    <div className="thread-drawer thread-list" data-testid="thread-list">
      <div className="thread-list__tabs" role="tablist" aria-label={t("list.title")}>
        {[false, true].map((tab) => (
          <button
            key={String(tab)}
            type="button"
            role="tab"
            id={`${tabsId}-${tab}`}
            aria-selected={archived === tab}
            className={`thread-list__tab${archived === tab ? " thread-list__tab--active" : ""}`}
            onClick={() => setArchived(tab)}
          >
            {tab ? t("list.archived") : t("list.active")}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-labelledby={`${tabsId}-${archived}`} className="thread-list__panel">
        {state.error !== null && (
          <p className="field__error" role="alert">
            {t("list.failed", { message: state.error })}
          </p>
        )}
        {threads.length === 0 && state.loading && <PaneLoading label={t("list.loading")} />}
        {threads.length === 0 && !state.loading && state.error === null && <p className="muted thread-list__empty">{archived ? t("list.emptyArchived") : t("list.empty")}</p>}
        <ul className="thread-list__items">
          {threads.map((thread) => (
            <li key={thread.id}>
              <button type="button" className="thread-list__item" onClick={() => openPanel({ kind: "thread", threadId: thread.id })} data-testid="thread-list-item">
                <span className="thread-list__name">{thread.name}</span>
                <UnreadMark threadId={thread.id} name={thread.name} />
                {thread.lastMessagedAt !== null && (
                  <span className="thread-list__when muted">{t("list.lastActive", { when: formatDateTime(archived ? (thread.archivedAt ?? thread.lastMessagedAt) : thread.lastMessagedAt) })}</span>
                )}
              </button>
            </li>
          ))}
        </ul>
        {state.hasMore && last && (
          <Button onClick={() => load((archived ? last.archivedAt : last.lastMessagedAt) ?? undefined)} loading={state.loading}>
            {t("list.loadMore")}
          </Button>
        )}
      </div>
    </div>
  );
}

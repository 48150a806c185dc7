/** A followed thread's unread dot or mention count (hidden text names it for screen readers). */
import { t } from "./i18n";
import { useThreadsStore } from "./threadsStore";

export function UnreadMark({ threadId, name }: { threadId: string; name: string }) {
  const state = useThreadsStore((store) => store.followed[threadId]);
  if (!state || (!state.unread && state.mentions === 0)) return null;
  if (state.mentions > 0) {
    return (
      <span className="thread-badge" data-testid="thread-mentions" title={t("sidebar.mentions", { count: state.mentions })}>
        <span aria-hidden="true">{state.mentions}</span>
        <span className="visually-hidden">{t("sidebar.mentions", { count: state.mentions })}</span>
      </span>
    );
  }
  return (
    <span className="thread-dot" data-testid="thread-unread">
      <span className="visually-hidden">{t("sidebar.unread", { name })}</span>
    </span>
  );
}

/** Under a channel of the server's list: the threads the user follows there, with their unread badges. */
import { useNavigate } from "react-router";
import { useServersStore, type ChannelContributionProps } from "../../servers/web/public";
import { t } from "./i18n";
import { useThreadsStore } from "./threadsStore";
import { UnreadMark } from "./UnreadMark";
import type { Thread } from "./types";
import { useShallow } from "zustand/react/shallow";

export function FollowedThreads({ serverId, channelId }: ChannelContributionProps) {
  const threads = useThreadsStore(
    useShallow((state) =>
      Object.keys(state.followed)
        .map((id) => state.threads[id])
        .filter((thread): thread is Thread => Boolean(thread && thread.parentId === channelId && (!thread.archived || state.followed[thread.id]?.unread)))
        .sort((a, b) => (b.lastMessagedAt ?? 0) - (a.lastMessagedAt ?? 0)),
    ),
  );
  const openId = useThreadsStore((state) => (state.panel?.kind === "thread" ? state.panel.threadId : null));
  const channelName = useServersStore((state) => state.channels[channelId]?.name ?? "");
  const navigate = useNavigate();
  if (threads.length === 0) return null;
  return (
    <ul className="followed-threads" aria-label={t("sidebar.label", { channel: channelName })} data-testid="followed-threads">
      {threads.map((thread) => (
        <li key={thread.id}>
          <button
            type="button"
            className={`followed-threads__item${openId === thread.id ? " followed-threads__item--open" : ""}`}
            aria-current={openId === thread.id ? "true" : undefined}
            onClick={() => {
              // the channel's threads button opens `?thread=` once the channel is shown (another channel's closes)
              void navigate(`/app/servers/${encodeURIComponent(serverId)}/${encodeURIComponent(channelId)}?thread=${encodeURIComponent(thread.id)}`);
            }}
          >
            <span className="followed-threads__branch" aria-hidden="true" />
            <span className="followed-threads__name">{thread.name}</span>
            <UnreadMark threadId={thread.id} name={thread.name} />
          </button>
        </li>
      ))}
    </ul>
  );
}

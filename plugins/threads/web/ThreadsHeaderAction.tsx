/**
 * The "Threads" button in a server channel's header. It loads the channel's active threads (for
 * the message menu's "Open thread"), opens `?thread=<id>` links, and while a panel is open fills
 * the right drawer with it in place of the members.
 */
import { LayoutSlot } from "@hearth/app/layoutSlots";
import { Icon } from "@hearth/ui/Icon";
import { lazyComponent } from "@hearth/ui/lazyComponent";
import { PaneLoading } from "@hearth/ui/PaneLoading";
import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { setChannelDrawerTaken, type ChannelContributionProps } from "../../servers/web/public";
import { openRightDrawer } from "./drawer";
import { t } from "./i18n";
import { listThreads } from "./threadsApi";
import { openPanel, rememberThreads, useThreadsStore } from "./threadsStore";
import "./threads.css";

// The drawer's list and panel load when a reader opens them, not with every channel.
const ThreadList = lazyComponent(async () => (await import("./ThreadList")).ThreadList, PaneLoading);
const ThreadPanel = lazyComponent(async () => (await import("./ThreadPanel")).ThreadPanel, PaneLoading);

export function ThreadsHeaderAction({ serverId, channelId }: ChannelContributionProps) {
  const panel = useThreadsStore((state) => state.panel);
  const panelThread = useThreadsStore((state) => (state.panel?.kind === "thread" ? state.threads[state.panel.threadId] : undefined));
  const [searchParams, setSearchParams] = useSearchParams();
  const linked = searchParams.get("thread");

  useEffect(() => {
    void listThreads(channelId, false).then(({ threads }) => rememberThreads(threads), () => undefined);
  }, [channelId]);

  // A link to a thread (the sidebar, a notification) opens it; the parameter is then dropped.
  useEffect(() => {
    if (!linked) return;
    openPanel({ kind: "thread", threadId: linked });
    openRightDrawer();
    setSearchParams(
      (params) => {
        params.delete("thread");
        return params;
      },
      { replace: true },
    );
  }, [linked, setSearchParams]);

  // A panel of another channel closes when this one is shown.
  const belongsHere = panel?.kind === "list" ? panel.channelId === channelId : panel?.kind === "thread" ? !panelThread || panelThread.parentId === channelId : false;
  useEffect(() => {
    if (panel && !belongsHere) openPanel(null);
  }, [panel, belongsHere]);

  const shown = panel !== null && belongsHere;
  useEffect(() => {
    setChannelDrawerTaken(shown);
    return () => setChannelDrawerTaken(false);
  }, [shown]);
  useEffect(() => () => openPanel(null), [channelId]);

  const listOpen = shown && panel?.kind === "list";
  return (
    <>
      <button
        type="button"
        className={`icon-button${listOpen ? " icon-button--active" : ""}`}
        aria-label={t("header.threads")}
        aria-pressed={listOpen}
        title={t("header.threads")}
        data-testid="open-threads"
        onClick={() => {
          openPanel(listOpen ? null : { kind: "list", channelId });
          if (!listOpen) openRightDrawer();
        }}
      >
        <Icon name="chat" />
      </button>
      {shown && panel?.kind === "list" && (
        <>
          <LayoutSlot name="drawerTitle">{t("list.title")}</LayoutSlot>
          <LayoutSlot name="drawer">
            <ThreadList channelId={channelId} />
          </LayoutSlot>
        </>
      )}
      {shown && panel?.kind === "thread" && (
        <>
          <LayoutSlot name="drawerTitle">{panelThread?.name ?? t("list.title")}</LayoutSlot>
          <LayoutSlot name="drawer">
            <ThreadPanel serverId={serverId} threadId={panel.threadId} />
          </LayoutSlot>
        </>
      )}
    </>
  );
}

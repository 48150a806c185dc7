/**
 * A channel's conversation: the virtualised message list, typing indicator and composer.
 * Exported for any plugin that shows a text channel (direct messages, server channels).
 */
import { LayoutSlot } from "@hearth/app/layoutSlots";
import type { MentionSource } from "@hearth/ui/suggest/mentions";
import { Button } from "@hearth/ui/Button";
import { Icon } from "@hearth/ui/Icon";
import { lazyComponent } from "@hearth/ui/lazyComponent";
import { confirmAction } from "@hearth/ui/modal/confirmModal";
import { KeptViews } from "@hearth/ui/keptViews/KeptViews";
import { PaneLoading } from "@hearth/ui/PaneLoading";
import { ChatList, type ChatListHandle, type ListPosition } from "@hearth/ui/virtualList/ChatList";
import { useSocketStore } from "@hearth/socket/socketStore";
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type DragEvent, type ReactNode } from "react";
import { t } from "../i18n";
import { viewChannel } from "../passiveView";
import { deleteMessage, markUnread } from "../store/actions";
import { addDraftFiles, addDraftReply, getDraft, MAX_DRAFT_FILES, setDraftScroll, startEditing } from "../store/draftStore";
import { continuesGroup } from "../store/messageList";
import {
  isChannelLoaded,
  loadAround,
  loadLatest,
  loadNewer,
  loadOlder,
  setReadingAt,
  setViewedAtEnd,
  useChannelLoading,
  useChannelMessages,
  useMessageStore,
} from "../store/messageStore";
import {
  dismissChannel,
  hasUnread,
  holdUnread,
  setViewedAtEndForRead,
  setViewedChannel,
  useMentionCount,
  useReadState,
} from "../store/readState";
import { closeSearch, useSearchStore } from "../store/searchStore";
import type { Message, PublicUser } from "../types";
import { ChannelSearchEntry } from "./ChannelSearchEntry";
import { Composer, useFocusComposerOnType } from "./Composer";
import { formatDay } from "./format";
import { MessageItem } from "./MessageItem";
import { PaneContext, type MessagePermissions, type PaneContextValue } from "./paneContext";
import { TypingIndicator } from "./TypingIndicator";
import "./messages.css";

// Opened from the header now and then: they load when first opened, not with every channel.
const PinsPanel = lazyComponent(async () => (await import("./PinsPanel")).PinsPanel, PaneLoading);
const SearchPanel = lazyComponent(async () => (await import("./SearchPanel")).SearchPanel, PaneLoading);

export interface MessagePaneProps {
  channelId: string;
  /** The server the channel belongs to (message links, the authors' menus); none in direct messages. */
  serverId?: string | null;
  /** Who or what the composer addresses ("Message @ada"). */
  placeholderName?: string;
  /** Users the host knows (the DM recipient, server members), for mentions and typing names. */
  findUser?: (userId: string) => PublicUser | undefined;
  /** What the composer's `@` and `#` lists offer here (members, roles, channels), and their names. */
  mentions?: MentionSource;
  /** Shown above the first message once the whole history is loaded. */
  intro?: ReactNode;
  permissions?: Partial<MessagePermissions>;
  /** A message to jump to when the pane opens. */
  initialMessageId?: string | null;
  /**
   * Shown beside the page's own pane (a thread's panel): the header's search and pins buttons,
   * the "viewed channel" and typing-to-focus stay the main pane's.
   */
  embedded?: boolean;
}

/** The ref an embedded pane hands to typing-to-focus: it never takes the main pane's keys. */
const NO_TEXTAREA = { current: null };

type Row =
  | { kind: "intro"; key: string }
  | { kind: "day"; key: string; at: number }
  | { kind: "new"; key: string }
  | { kind: "message"; key: string; message: Message; grouped: boolean };

/** The stored message a row belongs to: its own, or for a heading (intro, day, "new") the first one under it. */
function messageAtRow(rows: readonly Row[], key: string): string | null {
  for (let index = rows.findIndex((row) => row.key === key); index !== -1 && index < rows.length; index += 1) {
    const row = rows[index]!;
    if (row.kind === "message" && !row.message.local) return row.message.id;
  }
  return null;
}

const DEFAULT_PERMISSIONS: MessagePermissions = { send: true, pin: true, manage: false };
const HIGHLIGHT_MS = 2500;
/**
 * The main pane keeps the panes of the channels last shown, the one shown included (hidden, out of
 * the document): going back to one shows it again as it was left instead of building its rows.
 */
const PANES_KEPT = 4;

/** Where the "new messages" line goes when the channel is shown: after what was read, when something is unread. */
function unreadDividerAfter(channelId: string): number | null {
  if (!hasUnread(channelId)) return null;
  const { lastSeen, mentions } = useReadState.getState();
  const firstUnreadAt = mentions[channelId]?.createdAt;
  return lastSeen[channelId] ?? (firstUnreadAt ? firstUnreadAt - 1 : null);
}

export function MessagePane(props: MessagePaneProps) {
  // Beside the main pane (a thread's panel): a fresh pane per channel.
  if (props.embedded) return <ChannelPane key={props.channelId} {...props} />;
  return <MainPane {...props} />;
}

/** The page's pane: the header's search and pins buttons, and the kept panes of the last channels. */
function MainPane(props: MessagePaneProps) {
  const { channelId, serverId = null } = props;
  const [pinsIn, setPinsIn] = useState<string | null>(null);
  // The pins panel is closed whenever another channel is shown.
  const [shownId, setShownId] = useState(channelId);
  if (shownId !== channelId) {
    setShownId(channelId);
    setPinsIn(null);
  }
  const pinsOpen = pinsIn === channelId;
  const closePins = useCallback(() => setPinsIn(null), []);
  return (
    <>
      <LayoutSlot name="headerActions">
        <ChannelSearchEntry channelId={channelId} serverId={serverId} />
        <button
          type="button"
          className={`icon-button${pinsOpen ? " icon-button--active" : ""}`}
          aria-label={t("pane.pinned")}
          aria-pressed={pinsOpen}
          title={t("pane.pinned")}
          onClick={() => setPinsIn(pinsOpen ? null : channelId)}
        >
          <Icon name="pin" />
        </button>
      </LayoutSlot>
      <KeptViews viewKey={channelId} limit={PANES_KEPT}>
        <ChannelPane {...props} pinsOpen={pinsOpen} onClosePins={closePins} />
      </KeptViews>
    </>
  );
}

interface ChannelPaneProps extends MessagePaneProps {
  /** The main pane's pins panel (its button is in the page's header). */
  pinsOpen?: boolean;
  onClosePins?: () => void;
}

function ChannelPane({
  channelId,
  serverId = null,
  placeholderName,
  findUser,
  mentions,
  intro,
  permissions: permissionOverrides,
  initialMessageId,
  embedded = false,
  pinsOpen = false,
  onClosePins,
}: ChannelPaneProps) {
  const channel = useChannelMessages(channelId);
  const loading = useChannelLoading(channelId);
  const loaded = useMessageStore((state) => channelId in state.channels);
  const loadError = useMessageStore((state) => state.loadErrors[channelId] ?? null);
  const selfId = useSelfUserStore((state) => state.user?.id);
  const authenticated = useSocketStore((state) => state.authenticated);
  const listRef = useRef<ChatListHandle>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const position = useRef<ListPosition | null>(getDraft(channelId).scroll);
  const [initialPosition] = useState(() => getDraft(channelId).scroll);
  const [highlightId, setHighlightId] = useState<string | null>(null);
  const [pendingScroll, setPendingScroll] = useState<string | "end" | null>(initialMessageId ?? null);
  const searchOpen = useSearchStore((state) => state.channelId === channelId);
  const [atEnd, setAtEnd] = useState(true);
  const [jumpError, setJumpError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  // The "new messages" line goes after what was read when the channel opened.
  const [dividerAfter, setDividerAfter] = useState<number | null>(() => unreadDividerAfter(channelId));
  const permissions = useMemo(() => ({ ...DEFAULT_PERMISSIONS, ...permissionOverrides }), [permissionOverrides]);
  const unreadCount = useMentionCount(channelId);

  // A kept pane shown again (its effects set up again) starts its visit as a new one would: the
  // line where the unread messages start now, nothing highlighted, no error of the last visit.
  useLayoutEffect(() => {
    setDividerAfter(unreadDividerAfter(channelId));
    setHighlightId(null);
    setJumpError(null);
    setDragging(false);
  }, [channelId]);

  // Messages that arrive while the user is not reading (scrolled up, another tab) get the line too.
  useEffect(() => {
    if (unreadCount === 0 || dividerAfter !== null) return;
    setDividerAfter(unreadDividerAfter(channelId));
  }, [unreadCount, dividerAfter, channelId]);

  useFocusComposerOnType(embedded ? NO_TEXTAREA : textareaRef);

  useEffect(() => {
    if (!embedded) {
      setViewedChannel(channelId);
      viewChannel(channelId);
    }
    if (!isChannelLoaded(channelId)) void loadLatest(channelId);
    return () => {
      if (!embedded) {
        setViewedChannel(null);
        viewChannel(null);
      }
      setDraftScroll(channelId, position.current);
      if (useSearchStore.getState().channelId === channelId) closeSearch();
    };
  }, [channelId, embedded]);

  // Jump to the message asked for when opening.
  useEffect(() => {
    if (!initialMessageId) return;
    void loadAround(channelId, initialMessageId).then((found) => {
      if (!found) return;
      setHighlightId(initialMessageId);
      // Also when the pane was already open (a mention or link to this channel).
      setPendingScroll(initialMessageId);
    });
  }, [channelId, initialMessageId]);

  // Mark read while the newest messages are on screen (realtime.md §4.2).
  useEffect(() => {
    if (!authenticated || !loaded || !atEnd || channel.hasNewer) return;
    const dismiss = () => {
      if (document.visibilityState === "visible" && document.hasFocus()) dismissChannel(channelId);
    };
    dismiss();
    window.addEventListener("focus", dismiss);
    document.addEventListener("visibilitychange", dismiss);
    return () => {
      window.removeEventListener("focus", dismiss);
      document.removeEventListener("visibilitychange", dismiss);
    };
  }, [authenticated, loaded, atEnd, channel.hasNewer, channelId]);

  const rows = useMemo(() => {
    const list: Row[] = [];
    if (loaded && !channel.hasOlder) list.push({ kind: "intro", key: "intro" });
    let dividerPlaced = false;
    channel.messages.forEach((message, index) => {
      const previous = channel.messages[index - 1];
      const newDay = !previous || new Date(previous.createdAt).toDateString() !== new Date(message.createdAt).toDateString();
      if (newDay) list.push({ kind: "day", key: `day-${message.id}`, at: message.createdAt });
      let divider = false;
      if (dividerAfter !== null && !dividerPlaced && !message.local && message.createdAt > dividerAfter && message.createdBy.id !== selfId) {
        list.push({ kind: "new", key: "new-messages" });
        dividerPlaced = true;
        divider = true;
      }
      list.push({ kind: "message", key: message.tempId ?? message.id, message, grouped: !newDay && !divider && continuesGroup(previous, message) });
    });
    return list;
  }, [channel, loaded, dividerAfter, selfId]);

  const rowsRef = useRef(rows);
  rowsRef.current = rows;

  // Scroll to a jump target once it is rendered.
  useEffect(() => {
    if (!pendingScroll) return;
    if (pendingScroll === "end") {
      listRef.current?.scrollToEnd();
      setPendingScroll(null);
    } else if (listRef.current?.scrollToKey(pendingScroll)) {
      setPendingScroll(null);
    }
  }, [pendingScroll, rows]);

  useEffect(() => {
    if (!highlightId) return;
    const timer = setTimeout(() => setHighlightId(null), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlightId]);

  const jumpTo = useCallback(
    async (messageId: string) => {
      setJumpError(null);
      onClosePins?.();
      const found = await loadAround(channelId, messageId);
      if (!found) {
        setJumpError(t("pane.notFound"));
        return;
      }
      setHighlightId(messageId);
      setPendingScroll(messageId);
    },
    [channelId, onClosePins],
  );

  const jumpToPresent = async () => {
    if (channel.hasNewer) await loadLatest(channelId);
    setPendingScroll("end");
  };

  const context: PaneContextValue = useMemo(
    () => ({
      channelId,
      serverId,
      selfId,
      permissions,
      mentions,
      findUser: (userId) => {
        const known = findUser?.(userId);
        if (known) return known;
        const messages = useMessageStore.getState().channels[channelId]?.messages ?? [];
        return messages.find((message) => message.createdBy.id === userId)?.createdBy;
      },
      jumpTo: (messageId) => void jumpTo(messageId),
      reply: (message) => {
        const result = addDraftReply(channelId, message);
        if (result === "full") setJumpError(t("composer.replyLimit"));
        textareaRef.current?.focus();
      },
      edit: (message) => {
        startEditing(channelId, message);
        textareaRef.current?.focus();
      },
      remove: (message, { confirm = true } = {}) => {
        if (message.local || !confirm) {
          void deleteMessage(channelId, message);
          return;
        }
        void confirmAction({
          title: t("deleteConfirm.title"),
          message: t("deleteConfirm.text"),
          confirmLabel: t("deleteConfirm.confirm"),
          danger: true,
        }).then((confirmed) => {
          if (confirmed) void deleteMessage(channelId, message);
        });
      },
      markUnread: (message) => {
        holdUnread(channelId, true);
        setDividerAfter(message.createdAt - 1);
        void markUnread(channelId, message);
      },
      focusComposer: () => textareaRef.current?.focus(),
    }),
    [channelId, serverId, selfId, permissions, mentions, findUser, jumpTo],
  );

  const onPositionChange = useCallback(
    (next: ListPosition) => {
      position.current = next;
      setAtEnd(next.atEnd);
      setViewedAtEnd(channelId, next.atEnd);
      setReadingAt(channelId, next.atEnd ? null : messageAtRow(rowsRef.current, next.key));
      setViewedAtEndForRead(channelId, next.atEnd);
    },
    [channelId],
  );

  const onSend = useCallback(() => {
    holdUnread(channelId, false);
    setDividerAfter(null);
    setJumpError(null);
    if (useMessageStore.getState().channels[channelId]?.hasNewer) void loadLatest(channelId).then(() => setPendingScroll("end"));
    else setPendingScroll("end");
  }, [channelId]);

  const renderRow = useCallback(
    (row: Row) => {
      switch (row.kind) {
        case "intro":
          return <div className="message-pane__intro">{intro ?? <p className="muted">{t("pane.beginning")}</p>}</div>;
        case "day":
          return (
            <div className="message-pane__day" role="separator">
              <span>{formatDay(row.at)}</span>
            </div>
          );
        case "new":
          return (
            <div className="message-pane__new" role="separator" data-testid="new-messages-divider">
              <span>{t("pane.newMessages")}</span>
            </div>
          );
        case "message":
          return <MessageItem message={row.message} grouped={row.grouped} highlighted={row.message.id === highlightId} />;
      }
    },
    [intro, highlightId],
  );

  const onDrop = (event: DragEvent) => {
    setDragging(false);
    const files = [...event.dataTransfer.files];
    if (files.length && permissions.send && !getDraft(channelId).editMessageId) {
      event.preventDefault();
      const left = addDraftFiles(channelId, files);
      setJumpError(left ? t("composer.tooManyFiles", { count: MAX_DRAFT_FILES }) : null);
      textareaRef.current?.focus();
    }
  };

  const showPresent = channel.hasNewer || !atEnd;

  return (
    <PaneContext.Provider value={context}>
      <section
        className={`message-pane${dragging ? " message-pane--dragging" : ""}`}
        aria-label={t("pane.messages")}
        onDragOver={(event) => {
          if (event.dataTransfer.types.includes("Files")) {
            event.preventDefault();
            setDragging(true);
          }
        }}
        onDragLeave={(event) => {
          if (event.currentTarget === event.target) setDragging(false);
        }}
        onDrop={onDrop}
      >
        {pinsOpen && onClosePins && <PinsPanel onClose={onClosePins} />}
        {searchOpen && <SearchPanel />}
        <div className="message-pane__list">
          {!loaded && loadError ? (
            <div className="message-pane__error" role="alert">
              <p>{t("pane.loadFailed", { message: loadError })}</p>
              <Button onClick={() => void loadLatest(channelId)}>{t("pane.retry")}</Button>
            </div>
          ) : !loaded ? (
            <PaneLoading label={t("pane.loading")} />
          ) : (
            <ChatList
              items={rows}
              getKey={(row) => row.key}
              renderItem={renderRow}
              label={t("pane.messages")}
              estimateSize={56}
              rememberAs={channelId}
              initialPosition={initialMessageId ? null : initialPosition}
              handleRef={listRef}
              onPositionChange={onPositionChange}
              onNearStart={() => void loadOlder(channelId)}
              onNearEnd={() => void loadNewer(channelId)}
            />
          )}
          {/* Progress is shown over the list: a row added above would move what is being read. */}
          {(loading.older || loading.newer) && (
            <p className={`message-pane__loading message-pane__loading--${loading.older ? "older" : "newer"}`} role="status">
              <span className="spinner" aria-hidden="true" />
              {loading.older ? t("pane.loadingOlder") : t("pane.loadingNewer")}
            </p>
          )}
          {showPresent && loaded && (
            <button type="button" className="message-pane__present" onClick={() => void jumpToPresent()}>
              <Icon name="arrowDown" size={16} />
              {t("pane.jumpToPresent")}
            </button>
          )}
        </div>
        {jumpError && (
          <p className="composer__notice composer__notice--error message-pane__jump-error" role="alert">
            {jumpError}
          </p>
        )}
        <TypingIndicator />
        <Composer placeholder={placeholderName ? t("composer.placeholder", { name: placeholderName }) : t("composer.placeholderGeneric")} textareaRef={textareaRef} onSend={onSend} />
      </section>
    </PaneContext.Provider>
  );
}

import { ClanTag } from "../../../clans/web/public";
import { openUserCard, useUserCardAvailable } from "@hearth/plugins/extensions";
import { useUserContextMenu } from "@hearth/plugins/userMenu";
import { useMessageRenderer } from "@hearth/plugins/pluginStore";
import { Avatar } from "@hearth/ui/Avatar";
import { menuPointUnder, useContextMenu } from "@hearth/ui/contextMenu/useContextMenu";
import { Icon } from "@hearth/ui/Icon";
import { EmojiText } from "@hearth/ui/emoji/Emoji";
import { Markup, type MarkupContext } from "@hearth/ui/markup/Markup";
import { plainText, tokenize } from "@hearth/ui/markup/tokenize";
import { memo, useMemo, useRef, useState, type ReactNode } from "react";
import { t } from "../i18n";
import { canRetry, discardFailed, retrySend } from "../store/actions";
import { MessageType, SentStatus, type Message, type PublicUser, type QuotedMessage } from "../types";
import { formatFullDate, formatMessageTime, formatTime } from "./format";
import { HtmlEmbed } from "./HtmlEmbed";
import { MessageAttachments } from "./MessageAttachments";
import { AuthorAvatar, isWebhookMessage, WebhookTag } from "./MessageAuthor";
import { BotTag } from "@hearth/ui/BotTag";
import { MessageButtons } from "./MessageButtons";
import { MessageEmbed } from "./MessageEmbed";
import { usePaneContext, type PaneContextValue } from "./paneContext";
import { messageAbilities, messageMenuEntries, QuickReactions } from "./messageMenu";
import { openReactionPicker, Reactions } from "./Reactions";
import { withoutBotId } from "./commands";

const sentStatusName = (message: Message) =>
  message.sentStatus === SentStatus.SENDING ? "sending" : message.sentStatus === SentStatus.FAILED ? "failed" : undefined;

/** A name or avatar that opens the user's card (when a plugin provides cards), and the user menu on right click. */
function UserButton({ user, className, children, label, plain }: { user: PublicUser; className: string; children: ReactNode; label?: string; plain?: boolean }) {
  const available = useUserCardAvailable();
  const { serverId } = usePaneContext();
  const person = !plain && Boolean(user.id) && user.id !== "hearth-local";
  const { triggerProps, menu } = useUserContextMenu(person ? { userId: user.id, user, serverId } : null);
  if (!person || !available)
    return (
      <>
        <span className={className} {...triggerProps}>
          {children}
        </span>
        {menu}
      </>
    );
  return (
    <>
      <button
        type="button"
        className={className}
        aria-label={label}
        onClick={(event) => openUserCard({ userId: user.id, anchor: event.currentTarget.getBoundingClientRect(), user })}
        {...triggerProps}
      >
        {children}
      </button>
      {menu}
    </>
  );
}

function excerpt(content: string, length = 120): string {
  const flat = plainText(tokenize(withoutBotId(content))).replace(/\s+/g, " ").trim();
  return flat.length > length ? `${flat.slice(0, length)}…` : flat;
}

function ReplyPreviews({ message, context }: { message: Message; context: PaneContextValue }) {
  const replies = message.replyMessages ?? [];
  if (!replies.length) return null;
  return (
    <div className="message__replies">
      {replies.map(({ replyToMessage }, index) =>
        replyToMessage ? (
          <button
            key={replyToMessage.id}
            type="button"
            className="message__reply"
            aria-label={t("message.replyTo", { user: replyToMessage.createdBy.username })}
            onClick={() => context.jumpTo(replyToMessage.id)}
          >
            <Icon name="reply" size={14} />
            <Avatar user={replyToMessage.createdBy} size={16} />
            <span className="message__reply-author">
              <EmojiText text={replyToMessage.createdBy.username} />
            </span>
            <span className="message__reply-content">
              {excerpt(replyToMessage.content) || (replyToMessage.attachments?.length ? t("message.attachmentOnly") : "")}
            </span>
          </button>
        ) : (
          <span key={`deleted-${index}`} className="message__reply message__reply--deleted">
            <Icon name="reply" size={14} />
            {t("message.replyDeleted")}
          </span>
        ),
      )}
    </div>
  );
}

function Quote({ quoted, context }: { quoted: QuotedMessage; context: MarkupContext }) {
  const pane = usePaneContext();
  return (
    <span className="message__quote" role="group" aria-label={t("message.quoteFrom", { user: quoted.createdBy.username })}>
      <button type="button" className="message__quote-author" onClick={() => pane.jumpTo(quoted.id)}>
        <Avatar user={quoted.createdBy} size={16} />
        <EmojiText text={quoted.createdBy.username} />
      </button>
      <Markup content={withoutBotId(quoted.content)} context={{ ...context, renderQuote: undefined }} />
    </span>
  );
}

function useMarkupContext(message: Message): MarkupContext {
  const pane = usePaneContext();
  const cardAvailable = useUserCardAvailable();
  return useMemo(() => {
    const context: MarkupContext = {
      userName: (userId) => message.mentions?.find((user) => user.id === userId)?.username ?? pane.findUser(userId)?.username,
      onUserClick: cardAvailable ? (userId, anchor) => openUserCard({ userId, anchor, user: message.mentions?.find((user) => user.id === userId) }) : undefined,
      roleName: (roleId) => message.roleMentions?.find((role) => role.id === roleId)?.name ?? pane.mentions?.name?.("role", roleId),
      channelName: (channelId) => pane.mentions?.name?.("channel", channelId),
      onChannelClick: pane.mentions?.openChannel,
    };
    context.renderQuote = (messageId) => {
      const quoted = message.quotedMessages?.find((item) => item.id === messageId);
      return quoted ? <Quote quoted={quoted} context={context} /> : null;
    };
    return context;
  }, [message.mentions, message.roleMentions, message.quotedMessages, pane, cardAvailable]);
}

function EditedMark({ editedAt }: { editedAt: number }) {
  return (
    <span className="message__edited" title={t("message.editedAt", { time: formatFullDate(editedAt) })}>
      {t("message.edited")}
    </span>
  );
}

/** The text, with "(edited)" after its last word (on a line of its own only without text). */
function MessageContent({ message }: { message: Message }) {
  const markupContext = useMarkupContext(message);
  const edited = message.editedAt ? <EditedMark editedAt={message.editedAt} /> : null;
  return (
    <>
      {message.content && (
        <Markup content={withoutBotId(message.content)} context={markupContext} className="message__text" trailing={edited && <> {edited}</>} />
      )}
      {message.htmlEmbed && <HtmlEmbed data={message.htmlEmbed} />}
      {!message.content && edited}
    </>
  );
}

/** What a failed send offers: send it again, or give it up. */
function FailedActions({ message }: { message: Message }) {
  const { channelId } = usePaneContext();
  return (
    <span className="message__failed-actions">
      {canRetry(message) && (
        <button type="button" className="message__failed-action" data-testid="message-retry" onClick={() => void retrySend(channelId, message.id)}>
          <Icon name="refresh" size={14} />
          {t("failedSend.retry")}
        </button>
      )}
      <button type="button" className="message__failed-action message__failed-action--danger" data-testid="message-discard" onClick={() => discardFailed(channelId, message.id)}>
        <Icon name="trash" size={14} />
        {t("failedSend.delete")}
      </button>
    </span>
  );
}

function SystemMessage({ message }: { message: Message }) {
  const known = message.type >= MessageType.JOIN_SERVER && message.type <= MessageType.PINNED_MESSAGE;
  const Renderer = useMessageRenderer(message.type); // a type another plugin owns
  if (!known && Renderer) return <Renderer message={message} />;
  const name = message.createdBy.username;
  const text = known ? t(`system.${message.type}` as "system.1", { user: name }) : t("message.unsupported");
  return (
    <div className="message__system">
      <Icon name={message.type === MessageType.PINNED_MESSAGE ? "pin" : message.type === MessageType.CALL_STARTED ? "chat" : "users"} size={16} />
      <span>{text}</span>
      <time className="message__time" dateTime={new Date(message.createdAt).toISOString()} title={formatFullDate(message.createdAt)}>
        {formatMessageTime(message.createdAt)}
      </time>
    </div>
  );
}

interface MessageItemProps {
  message: Message;
  grouped: boolean;
  highlighted: boolean;
}

function MessageItemView({ message, grouped, highlighted }: MessageItemProps) {
  const context = usePaneContext();
  const { selfId } = context;
  const { canReact, canReply, canEdit, canDelete } = messageAbilities(message, context);
  const isContent = message.type === MessageType.CONTENT;
  const status = sentStatusName(message);
  const article = useRef<HTMLElement>(null);
  // The toolbar's buttons are most of a message's elements, and every row of a channel is built
  // when it opens: until a pointer or the focus comes to the message, only "More" (its menu has
  // every action) is drawn, so the keyboard and screen readers still reach them.
  const [toolbar, setToolbar] = useState(false);
  const showToolbar = () => setToolbar(true);
  const { triggerProps, menu, openMenu } = useContextMenu(() => messageMenuEntries(message, context, () => article.current), {
    header: canReact ? (close) => <QuickReactions message={message} close={close} /> : undefined,
  });

  const classes = [
    "message",
    grouped && "message--grouped",
    highlighted && "message--highlighted",
    message.localError && "message--notice",
    status && `message--${status}`,
    message.deleting && "message--deleting",
    message.mentions?.some((user) => user.id === selfId) && "message--mentions-me",
  ];

  if (!isContent) {
    return (
      <article className="message message--system" data-testid="message" data-message-id={message.id} data-message-type={message.type}>
        <SystemMessage message={message} />
      </article>
    );
  }

  return (
    <article
      ref={article}
      className={classes.filter(Boolean).join(" ")}
      data-testid="message"
      data-message-id={message.id}
      data-sent-status={status}
      aria-busy={status === "sending" || message.deleting || undefined}
      // A message still sending has nothing to offer yet.
      {...(message.local && !canDelete && !canRetry(message) ? {} : triggerProps)}
      onPointerEnter={showToolbar}
      onFocus={showToolbar}
    >
      <ReplyPreviews message={message} context={context} />
      <div className="message__row">
        <div className="message__gutter">
          {grouped ? (
            <time className="message__gutter-time" dateTime={new Date(message.createdAt).toISOString()} title={formatFullDate(message.createdAt)}>
              {formatTime(message.createdAt)}
            </time>
          ) : (
            <UserButton user={message.createdBy} className="message__avatar" label={message.createdBy.username} plain={isWebhookMessage(message)}>
              <AuthorAvatar user={message.createdBy} size={40} />
            </UserButton>
          )}
        </div>
        <div className="message__body">
          {!grouped && (
            <header className="message__header">
              <UserButton user={message.createdBy} className="message__author" plain={isWebhookMessage(message)}>
                <EmojiText text={message.createdBy.username} />
              </UserButton>
              {!isWebhookMessage(message) && <ClanTag userId={message.createdBy.id} clan={message.createdBy.profile?.clan} />}
              {isWebhookMessage(message) ? <WebhookTag /> : message.createdBy.bot && <BotTag />}
              <time className="message__time" dateTime={new Date(message.createdAt).toISOString()} title={formatFullDate(message.createdAt)}>
                {formatMessageTime(message.createdAt)}
              </time>
              {message.pinned && (
                <span className="message__badge">
                  <Icon name="pin" size={12} /> {t("message.pinnedBadge")}
                </span>
              )}
            </header>
          )}
          <MessageContent message={message} />
          {message.embed && <MessageEmbed embed={message.embed} />}
          <MessageAttachments message={message} />
          <MessageButtons message={message} />
          {status === "sending" && !message.uploadingAttachment && <span className="message__status">{t("message.sending")}</span>}
          {status === "failed" && (
            <span className="message__status message__status--failed" data-testid="message-failed">
              {t("message.failed")}
              {message.local && <FailedActions message={message} />}
            </span>
          )}
          {message.deleting && <span className="message__status">{t("message.deleting")}</span>}
          {message.localError && <span className="message__status">{t("message.onlyYou")}</span>}
          <Reactions message={message} />
        </div>
      </div>
      {(canReact || canReply || canEdit || canDelete) && (
        <div className="message__actions" role="toolbar" aria-label={t("actions.label")}>
          {toolbar && canReact && (
            <button type="button" className="icon-button" aria-label={t("actions.react")} title={t("actions.react")} onClick={(event) => openReactionPicker(event.currentTarget, message)}>
              <Icon name="smile" size={18} />
            </button>
          )}
          {toolbar && canReply && (
            <button type="button" className="icon-button" aria-label={t("actions.reply")} title={t("actions.reply")} onClick={() => context.reply(message)}>
              <Icon name="reply" size={18} />
            </button>
          )}
          {toolbar && canEdit && (
            <button type="button" className="icon-button" aria-label={t("actions.edit")} title={t("actions.edit")} onClick={() => context.edit(message)}>
              <Icon name="edit" size={18} />
            </button>
          )}
          {toolbar && canDelete && (
            <button
              type="button"
              className="icon-button icon-button--danger"
              aria-label={message.localError ? t("actions.dismiss") : t("actions.delete")}
              title={message.localError ? t("actions.dismiss") : t("actions.delete")}
              onClick={(event) => context.remove(message, { confirm: !event.shiftKey })}
            >
              <Icon name={message.localError ? "close" : "trash"} size={18} />
            </button>
          )}
          <button
            type="button"
            className="icon-button"
            aria-label={t("actions.more")}
            title={t("actions.more")}
            aria-haspopup="menu"
            data-testid="message-more"
            onClick={(event) => {
              const { x, y } = menuPointUnder(event.currentTarget);
              openMenu(x, y);
            }}
          >
            <Icon name="more" size={18} />
          </button>
        </div>
      )}
      {menu}
    </article>
  );
}

export const MessageItem = memo(MessageItemView);

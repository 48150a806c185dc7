/**
 * /app/mentions: the inbox of mentions (rest.md §1.27) — the 20 latest messages that
 * mentioned the user in a server channel, each with its server and channel; a row opens the
 * channel at that message.
 */
import { Avatar } from "@hearth/ui/Avatar";
import { Button } from "@hearth/ui/Button";
import { Icon } from "@hearth/ui/Icon";
import { Markup } from "@hearth/ui/markup/Markup";
import { PaneLoading } from "@hearth/ui/PaneLoading";
import { useEffect } from "react";
import { useNavigate } from "react-router";
import { t } from "../i18n";
import type { MentionNotification } from "../searchApi";
import { loadMentions, mentionLink, useMentionsStore } from "../store/mentionsStore";
import { useReadState } from "../store/readState";
import { formatFullDate, formatMessageTime } from "./format";
import "./search.css";
import { withoutBotId } from "./commands";

function MentionRow({ item }: { item: MentionNotification }) {
  const navigate = useNavigate();
  const message = item.message!;
  const channelName = useReadState((state) => state.channels[message.channelId]?.name);
  const link = mentionLink(item);
  return (
    <li>
      <button type="button" className="mention-row" data-testid="mention-row" onClick={() => link && navigate(link)}>
        <span className="mention-row__place">
          {item.server && <Avatar user={{ username: item.server.name, avatar: item.server.avatar, hexColor: item.server.hexColor }} size={18} />}
          <strong>{item.server?.name ?? t("mentions.directMessage")}</strong>
          {channelName && <span className="muted">#{channelName}</span>}
        </span>
        <span className="mention-row__author">
          <Avatar user={message.createdBy} size={20} />
          <strong>{message.createdBy.username}</strong>
          <time className="muted" dateTime={new Date(message.createdAt).toISOString()} title={formatFullDate(message.createdAt)}>
            {formatMessageTime(message.createdAt)}
          </time>
        </span>
        <span className="mention-row__content">
          <Markup content={withoutBotId(message.content)} context={{ userName: (userId) => message.mentions?.find((user) => user.id === userId)?.username }} />
        </span>
      </button>
    </li>
  );
}

export default function MentionsPage() {
  const { items, loading, loaded, error } = useMentionsStore();

  useEffect(() => {
    void loadMentions();
  }, []);

  return (
    <section className="mentions-page" aria-label={t("mentions.title")} data-testid="mentions-page">
      <header className="button-row">
        <Icon name="at" />
        <h2 style={{ margin: 0, flex: 1 }}>{t("mentions.title")}</h2>
        <Button variant="ghost" loading={loading && loaded} onClick={() => void loadMentions()}>
          {t("mentions.refresh")}
        </Button>
      </header>
      {error && (
        <div role="alert">
          <p className="form-error">{error}</p>
          <Button onClick={() => void loadMentions()}>{t("mentions.retry")}</Button>
        </div>
      )}
      {!loaded && loading && <PaneLoading label={t("mentions.loading")} />}
      {loaded && items.length === 0 && <p className="muted">{t("mentions.empty")}</p>}
      {items.length > 0 && (
        <ol className="mentions-page__list">
          {items.map((item) => (
            <MentionRow key={item.id} item={item} />
          ))}
        </ol>
      )}
    </section>
  );
}

/**
 * /app/moderation/channels/{id}[?around=messageId]: any channel's messages for the admins, no
 * membership needed (rest.md §8.3 `GET /moderation/channels/:id/messages`). The route pages by
 * `aroundId` only, so "earlier" asks around the oldest message shown.
 */
import { describeError } from "@hearth/api/requestErrors";
import { Avatar } from "@hearth/ui/Avatar";
import { Button } from "@hearth/ui/Button";
import { FormError } from "@hearth/ui/form/FormError";
import { formatDateTime } from "@hearth/ui/format";
import { Markup } from "@hearth/ui/markup/Markup";
import { PaneLoading } from "@hearth/ui/PaneLoading";
import { useEffect, useState } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { withoutBotId } from "../../messages/web/public";
import { useStaffLevel } from "./access";
import { t } from "./i18n";
import { CHANNEL_PAGE, channelMessages } from "./moderationApi";
import { ModerationFrame } from "./ModerationFrame";
import type { ChannelMessages, ViewedMessage } from "./types";

const CONTENT = 0;

/** Older ones first, each once: pages around different messages overlap. */
function merged(earlier: ViewedMessage[], shown: ViewedMessage[]): ViewedMessage[] {
  const byId = new Map([...earlier, ...shown].map((message) => [message.id, message]));
  return [...byId.values()].sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
}

function MessageRow({ message, highlighted }: { message: ViewedMessage; highlighted: boolean }) {
  return (
    <li className={`moderation-message${highlighted ? " moderation-message--highlighted" : ""}`} data-message-id={message.id}>
      <Avatar user={message.createdBy} size={32} />
      <div className="moderation-message__body">
        <div className="moderation-message__meta">
          <Link to={`/app/moderation/users/${message.createdBy.id}`}>{`${message.createdBy.username}:${message.createdBy.tag}`}</Link>
          <time className="muted" dateTime={new Date(message.createdAt).toISOString()}>
            {formatDateTime(message.createdAt)}
          </time>
        </div>
        {message.type === CONTENT ? (
          message.content ? <Markup content={withoutBotId(message.content)} /> : <span className="muted">{t("channel.noText")}</span>
        ) : (
          <span className="muted">{t("channel.system")}</span>
        )}
      </div>
    </li>
  );
}

function Viewer({ channelId, aroundId }: { channelId: string; aroundId?: string }) {
  const [view, setView] = useState<ChannelMessages | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [hasEarlier, setHasEarlier] = useState(false);
  const [loadingEarlier, setLoadingEarlier] = useState(false);

  useEffect(() => {
    let active = true;
    setView(null);
    setError(null);
    channelMessages(channelId, aroundId).then(
      (answer) => {
        if (!active) return;
        setView(answer);
        setHasEarlier(answer.messages.length >= (aroundId ? CHANNEL_PAGE / 2 : CHANNEL_PAGE));
      },
      (failure: unknown) => active && setError(describeError(failure)),
    );
    return () => {
      active = false;
    };
  }, [channelId, aroundId]);

  const loadEarlier = async () => {
    const oldest = view?.messages[0];
    if (!view || !oldest) return;
    setLoadingEarlier(true);
    try {
      const page = await channelMessages(channelId, oldest.id);
      const messages = merged(page.messages, view.messages);
      setHasEarlier(messages.length > view.messages.length);
      setView({ ...view, messages });
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setLoadingEarlier(false);
    }
  };

  if (error) return <FormError message={error} />;
  if (!view) return <PaneLoading label={t("common.loading")} />;
  if (!view.channel) return <p className="muted">{t("channel.notFound")}</p>;
  const server = view.channel.server;
  return (
    <>
      {server && (
        <Link to={`/app/moderation/servers/${server.id}`}>
          ← {server.name}
        </Link>
      )}
      <h3 data-testid="viewed-channel"># {view.channel.name ?? view.channel.id}</h3>
      {hasEarlier && (
        <Button variant="ghost" loading={loadingEarlier} onClick={() => void loadEarlier()}>
          {t("channel.earlier")}
        </Button>
      )}
      {view.messages.length === 0 ? (
        <p className="muted">{t("channel.empty")}</p>
      ) : (
        <ol className="card moderation-messages" data-testid="moderation-messages">
          {view.messages.map((message) => (
            <MessageRow key={message.id} message={message} highlighted={message.id === aroundId} />
          ))}
        </ol>
      )}
    </>
  );
}

export default function ChannelMessagesPage() {
  const channelId = useParams().channelId ?? "";
  const [search] = useSearchParams();
  const level = useStaffLevel();
  return (
    <ModerationFrame title={t("channel.title")}>
      {level === "admin" ? (
        <Viewer channelId={channelId} aroundId={search.get("around") ?? undefined} />
      ) : (
        <p className="muted">{t("user.adminOnly")}</p>
      )}
    </ModerationFrame>
  );
}

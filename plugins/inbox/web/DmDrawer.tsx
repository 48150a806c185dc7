import { describeError } from "@hearth/api/requestErrors";
import { usePluginStore } from "@hearth/plugins/pluginStore";
import { Avatar } from "@hearth/ui/Avatar";
import { Button } from "@hearth/ui/Button";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { AttachmentGallery } from "../../messages/web/public";
import { t } from "./i18n";
import { closeDirectMessage } from "./inboxApi";
import type { Inbox } from "./types";

/** The right drawer of a conversation: who it is with, and the files shared in it. */
export function DmDrawer({ inbox }: { inbox: Inbox }) {
  const { recipient } = inbox;
  const hasProfiles = usePluginStore((state) => state.loadedIds.includes("social"));
  const navigate = useNavigate();
  const [closing, setClosing] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = async () => {
    setClosing(true);
    setError(null);
    try {
      await closeDirectMessage(inbox.channelId);
      navigate("/app/inbox");
    } catch (failure) {
      setError(describeError(failure));
      setClosing(false);
    }
  };

  return (
    <div className="dm-drawer">
      <section className="profile-card" aria-label={t("drawer.profile")}>
        <Avatar user={recipient} size={80} presenceUserId={recipient.id} />
        <p className="profile-card__name">
          {recipient.username}
          <span className="muted">:{recipient.tag}</span>
        </p>
        <div className="button-row dm-drawer__actions">
          {hasProfiles && (
            <Link className="button button--secondary" to={`/app/profile/${recipient.id}`}>
              {t("drawer.viewProfile")}
            </Link>
          )}
          <Button variant="ghost" loading={closing} onClick={() => void close()}>
            {t("drawer.close")}
          </Button>
        </div>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
      </section>
      <section className="dm-drawer__files">
        <h3 className="dm-drawer__heading">{t("drawer.sharedFiles")}</h3>
        <AttachmentGallery key={inbox.channelId} channelId={inbox.channelId} />
      </section>
    </div>
  );
}

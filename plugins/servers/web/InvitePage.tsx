/** /app/explore/servers/invites/{code}: what the invite leads to, and "Join server". */
import { LayoutSlot } from "@hearth/app/layoutSlots";
import { Button } from "@hearth/ui/Button";
import { FormError } from "@hearth/ui/form/FormError";
import { PaneLoading } from "@hearth/ui/PaneLoading";
import { bannerStyle } from "@hearth/ui/safeStyle";
import { useEffect, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { ServerAvatar } from "./components/ServerAvatar";
import { t } from "./i18n";
import { errorText, joinByInvite, previewInvite } from "./serversApi";
import { useServersStore } from "./serversStore";
import type { InvitePreview } from "./types";
import "./servers.css";

type Preview = { status: "loading" } | { status: "invalid" } | { status: "failed"; message: string } | { status: "ready"; server: InvitePreview };

export default function InvitePage() {
  const code = useParams().code ?? "";
  const navigate = useNavigate();
  const [preview, setPreview] = useState<Preview>({ status: "loading" });
  const [joining, setJoining] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const member = useServersStore((state) => (preview.status === "ready" ? Boolean(state.servers[preview.server.id]) : false));

  useEffect(() => {
    let active = true;
    setPreview({ status: "loading" });
    previewInvite(code).then(
      (server) => active && setPreview({ status: "ready", server }),
      (failure: unknown) => {
        if (!active) return;
        const code = failure && typeof failure === "object" ? (failure as { code?: unknown }).code : undefined;
        // A network failure or a server error is not a verdict on the code.
        if (code === 0 || (typeof code === "number" && code >= 500)) setPreview({ status: "failed", message: errorText(failure, t("errors.generic")) });
        else setPreview({ status: "invalid" });
      },
    );
    return () => {
      active = false;
    };
  }, [code]);

  const join = async (serverId: string) => {
    setJoining(true);
    setError(null);
    try {
      const joined = await joinByInvite(code);
      // A server with welcome questions opens on its welcome page, where they are answered.
      navigate(joined._count?.welcomeQuestions ? `/app/servers/${serverId}/welcome` : `/app/servers/${serverId}`);
    } catch (failure) {
      setError(errorText(failure, t("errors.generic")));
      setJoining(false);
    }
  };

  return (
    <div className="invite-page">
      <LayoutSlot name="headerTitle">{t("invite.pageTitle")}</LayoutSlot>
      {preview.status === "loading" && <PaneLoading label={t("invite.loading")} />}
      {preview.status === "invalid" && (
        <div className="invite-card card" data-testid="invite-invalid">
          <h2>{t("invite.invalid")}</h2>
          <p className="muted">{t("invite.invalidText")}</p>
          <Link to="/app">{t("page.home")}</Link>
        </div>
      )}
      {preview.status === "failed" && (
        <div className="invite-card card">
          <FormError message={preview.message} />
        </div>
      )}
      {preview.status === "ready" && (
        <div className="invite-card card" data-testid="invite-preview">
          <div
            className="invite-card__banner"
            style={bannerStyle(preview.server.banner, preview.server.hexColor)}
          />
          <ServerAvatar server={preview.server} size={80} />
          <p className="muted invite-card__lead">{t("invite.lead")}</p>
          <h2 className="invite-card__name">{preview.server.name}</h2>
          <p className="muted">{t("invite.members", { count: preview.server.memberCount })}</p>
          <FormError message={error} />
          {member ? (
            <Link className="button button--primary" to={`/app/servers/${preview.server.id}`}>
              {t("invite.open")}
            </Link>
          ) : (
            <Button variant="primary" loading={joining} onClick={() => void join(preview.server.id)}>
              {t("invite.join")}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

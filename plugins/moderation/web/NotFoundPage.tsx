/**
 * /app/moderation/servers (the servers tab's own address, which the list lives at /app/moderation)
 * leads to that tab; any other unknown /app/moderation/… path says so inside the moderation area
 * instead of falling through to Home.
 */
import { usePluginLoaded } from "@hearth/plugins/pluginStore";
import { Link, Navigate, useParams } from "react-router";
import { t } from "./i18n";
import { ModerationFrame } from "./ModerationFrame";

export default function NotFoundPage() {
  const rest = useParams()["*"] ?? "";
  const servers = usePluginLoaded("servers");
  if (rest.replace(/\/$/, "") === "servers") return <Navigate to={servers ? "/app/moderation" : "/app/moderation/users"} replace />;
  return (
    <ModerationFrame title={t("notFound.title")}>
      <div className="moderation-not-found" data-testid="moderation-not-found">
        <p className="muted">{t("notFound.text")}</p>
        <Link to="/app/moderation">{t("notFound.back")}</Link>
      </div>
    </ModerationFrame>
  );
}

/** /app/settings/developer/applications/{id}/bot/create-link: pick permissions, share the invite link. */
import { useState } from "react";
import { Link } from "react-router";
import { inviteLink } from "../applicationsApi";
import { t } from "../i18n";
import { PermissionPicker } from "../PermissionPicker";
import { Card, CopyButton } from "../shared";
import { BotFrame } from "./BotPage";

function LinkCard({ appId }: { appId: string }) {
  const [permissions, setPermissions] = useState(2);
  const link = inviteLink(appId, permissions);
  return (
    <Card title={t("link.title")} description={t("link.hint")}>
      <PermissionPicker value={permissions} onChange={setPermissions} />
      <div className="field">
        <span className="field__label">{t("link.label")}</span>
        <code className="developer-link" data-testid="invite-link">
          {link}
        </code>
      </div>
      <div className="developer-card__actions">
        <CopyButton text={link} label={t("link.copy")} />
        <Link className="button button--primary" to={`/app/bot/${encodeURIComponent(appId)}?perms=${permissions}`}>
          {t("link.open")}
        </Link>
      </div>
    </Card>
  );
}

export default function BotCreateLinkPage() {
  return <BotFrame title={t("link.title")}>{(app) => <LinkCard appId={app.id} />}</BotFrame>;
}

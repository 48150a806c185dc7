/** Server settings › Verify (ADMIN, spec §6): whether the server is verified and what that means.
 * Verification itself is granted by the platform's moderators (moderation, later). */
import { Icon } from "@hearth/ui/Icon";
import { useServersStore, type SettingsSectionProps } from "../../servers/web/public";
import { t } from "./i18n";
import "./explore.css";

export default function VerifySection({ serverId }: SettingsSectionProps) {
  const verified = useServersStore((state) => Boolean(state.servers[serverId]?.verified));
  return (
    <section className="card explore-section stack" aria-label={t("verify.title")} data-testid="verify-server">
      <h3>{t("verify.title")}</h3>
      <p className={`badge ${verified ? "badge--ok" : "badge--warn"}`} data-testid="verify-status">
        {verified && <Icon name="check" size={14} />} {verified ? t("verify.verified") : t("verify.notVerified")}
      </p>
      <p>{t("verify.what")}</p>
      <p className="muted">{verified ? t("verify.lost") : t("verify.how")}</p>
    </section>
  );
}

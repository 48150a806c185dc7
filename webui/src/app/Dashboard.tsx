import { Link } from "react-router";
import { t } from "../i18n/i18n";
import { usePluginStore } from "../plugins/pluginStore";
import { EmailVerification } from "../session/EmailVerification";
import { formatUserTag, useSelfUserStore } from "../stores/selfUserStore";
import { Icon } from "../ui/Icon";
import { PaneLoading } from "../ui/PaneLoading";

function ConfirmEmailNotice() {
  return (
    <section className="card dashboard__notice" aria-labelledby="confirm-email-title" data-testid="confirm-email-notice">
      <h2 id="confirm-email-title">{t("dashboard.confirmEmail.title")}</h2>
      <p className="muted">{t("dashboard.confirmEmail.text")}</p>
      <EmailVerification />
    </section>
  );
}

/** What /app shows at any path no plugin claims. */
export function Dashboard() {
  const user = useSelfUserStore((state) => state.user);
  const navEntries = usePluginStore((state) => state.navEntries);

  if (!user) return <PaneLoading label={t("dashboard.loading")} />;

  return (
    <div className="dashboard">
      <h2 className="dashboard__welcome" data-testid="dashboard-welcome">
        {t("dashboard.welcome", { user: formatUserTag(user) })}
      </h2>
      <p className="muted">{t("dashboard.intro")}</p>
      {user.emailConfirmed === false && <ConfirmEmailNotice />}
      {navEntries.length > 0 && (
        <section className="dashboard__shortcuts" aria-label={t("dashboard.shortcuts")}>
          {navEntries.map((entry) => (
            <Link key={entry.id} className="card shortcut" to={`/app/${entry.to}`}>
              <Icon name={entry.icon} />
              <span>{entry.label()}</span>
            </Link>
          ))}
        </section>
      )}
    </div>
  );
}

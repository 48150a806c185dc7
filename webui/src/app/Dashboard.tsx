import { Link } from "react-router";
import { t } from "../i18n/i18n";
import { DashboardContent, useDashboardContentAvailable } from "../plugins/extensions";
import { usePluginStore } from "../plugins/pluginStore";
import { formatUserTag, useSelfUserStore } from "../stores/selfUserStore";
import { Icon } from "../ui/Icon";
import { lazyComponent } from "../ui/lazyComponent";
import { PaneLoading } from "../ui/PaneLoading";
import { NavEntryGate } from "./NavEntryGate";

/** Drawn only for an address not confirmed yet: its code loads then, not with every /app. */
const EmailVerification = lazyComponent(async () => (await import("../session/EmailVerification")).EmailVerification);

function ConfirmEmailNotice() {
  return (
    <section className="card dashboard__notice" aria-labelledby="confirm-email-title" data-testid="confirm-email-notice">
      <h2 id="confirm-email-title">{t("dashboard.confirmEmail.title")}</h2>
      <p className="muted">{t("dashboard.confirmEmail.text")}</p>
      <EmailVerification />
    </section>
  );
}

/** What /app shows at any path no plugin claims: a plugin's content (the posts feed) when one
 * provides it, else a welcome and shortcuts to the plugins' pages. */
export function Dashboard() {
  const user = useSelfUserStore((state) => state.user);
  const navEntries = usePluginStore((state) => state.navEntries);
  const provided = useDashboardContentAvailable();

  if (!user) return <PaneLoading label={t("dashboard.loading")} />;
  if (provided) {
    return (
      <div className="dashboard dashboard--provided">
        {user.emailConfirmed === false && <ConfirmEmailNotice />}
        <DashboardContent />
      </div>
    );
  }

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
            <NavEntryGate key={entry.id} entry={entry}>
              <Link className="card shortcut" to={`/app/${entry.to}`}>
                <Icon name={entry.icon} />
                <span>{entry.label()}</span>
              </Link>
            </NavEntryGate>
          ))}
        </section>
      )}
    </div>
  );
}

import { NavLink } from "react-router";
import { t } from "../i18n/i18n";
import { usePluginStore } from "../plugins/pluginStore";
import { Icon } from "../ui/Icon";

const railClass = ({ isActive }: { isActive: boolean }) => `rail-button${isActive ? " rail-button--active" : ""}`;

/** The narrow column on the far left: home, then what the plugins add. */
export function ServerRail() {
  const navEntries = usePluginStore((state) => state.navEntries);
  return (
    <nav className="server-rail" aria-label={t("app.navigation")}>
      <NavLink to="/app" end className={railClass} aria-label={t("app.home")} title={t("app.home")}>
        <Icon name="flame" size={26} />
      </NavLink>
      <span className="server-rail__divider" aria-hidden="true" />
      {navEntries.map((entry) => (
        <NavLink key={entry.id} to={`/app/${entry.to}`} className={railClass} aria-label={entry.label()} title={entry.label()}>
          <Icon name={entry.icon} />
        </NavLink>
      ))}
    </nav>
  );
}

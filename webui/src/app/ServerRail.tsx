import { NavLink } from "react-router";
import { t } from "../i18n/i18n";
import { ServerRailItems } from "../plugins/extensions";
import { usePluginStore } from "../plugins/pluginStore";
import { Icon } from "../ui/Icon";
import { NavBadge } from "./NavBadge";
import { NavEntryGate } from "./NavEntryGate";

const railClass = ({ isActive }: { isActive: boolean }) => `rail-button${isActive ? " rail-button--active" : ""}`;

/** The narrow column on the far left: home, then what the plugins add (entries, then rail items such as servers). */
export function ServerRail() {
  const navEntries = usePluginStore((state) => state.navEntries);
  return (
    <nav className="server-rail" aria-label={t("app.navigation")}>
      <NavLink to="/app" end className={railClass} title={t("app.home")}>
        <Icon name="flame" size={26} />
        <span className="visually-hidden">{t("app.home")}</span>
      </NavLink>
      <span className="server-rail__divider" aria-hidden="true" />
      {navEntries.map((entry) => (
        <NavEntryGate key={entry.id} entry={entry}>
          <NavLink to={`/app/${entry.to}`} className={railClass} title={entry.label()}>
            <Icon name={entry.icon} />
            <span className="visually-hidden">{entry.label()}</span>
            {entry.useBadge && <NavBadge useBadge={entry.useBadge} className="nav-badge nav-badge--rail" />}
          </NavLink>
        </NavEntryGate>
      ))}
      <ServerRailItems />
    </nav>
  );
}

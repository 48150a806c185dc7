import { NavLink } from "react-router";
import { t } from "../i18n/i18n";
import { ServerRailItems } from "../plugins/extensions";
import { usePluginStore } from "../plugins/pluginStore";
import { Icon } from "../ui/Icon";
import { NavBadge } from "./NavBadge";
import { NavEntryGate } from "./NavEntryGate";

const railClass = ({ isActive }: { isActive: boolean }) => `rail-button${isActive ? " rail-button--active" : ""}`;

/**
 * The narrow column on the far left: Home, then the servers (a plugin's rail items, with "add a
 * server"), then the app's places the plugins add (explore, mentions, inbox, settings, …) as icons.
 */
export function ServerRail() {
  const navEntries = usePluginStore((state) => state.navEntries);
  return (
    <nav className="server-rail" aria-label={t("app.navigation")}>
      <NavLink to="/app" end className={railClass} title={t("app.home")}>
        <Icon name="flame" size={26} />
        <span className="visually-hidden">{t("app.home")}</span>
      </NavLink>
      <ServerRailItems />
      {navEntries.length > 0 && (
        <>
          <span className="server-rail__divider" aria-hidden="true" />
          <ul className="server-rail__places" aria-label={t("app.places")}>
            {navEntries.map((entry) => (
              <NavEntryGate key={entry.id} entry={entry}>
                <li>
                  <NavLink to={`/app/${entry.to}`} className={railClass} title={entry.label()} data-testid={`rail-${entry.id}`}>
                    <Icon name={entry.icon} />
                    <span className="visually-hidden">{entry.label()}</span>
                    {entry.useBadge && <NavBadge useBadge={entry.useBadge} className="nav-badge nav-badge--rail" />}
                  </NavLink>
                </li>
              </NavEntryGate>
            ))}
          </ul>
        </>
      )}
    </nav>
  );
}

/** The sections of the explore page (spec §2: servers and bots); "Bots" only when a plugin serves them. */
import { usePluginStore } from "@hearth/plugins/pluginStore";
import { NavLink } from "react-router";
import { t } from "./i18n";
import "./explore.css";

export function ExploreTabs() {
  const bots = usePluginStore((state) => state.loadedIds.includes("applications"));
  if (!bots) return null;
  const tab = ({ isActive }: { isActive: boolean }) => `explore-tabs__tab${isActive ? " explore-tabs__tab--active" : ""}`;
  return (
    <nav className="explore-tabs" aria-label={t("tabs.label")}>
      <NavLink to="/app/explore/servers" end className={tab}>
        {t("tabs.servers")}
      </NavLink>
      <NavLink to="/app/explore/bots" className={tab}>
        {t("tabs.bots")}
      </NavLink>
    </nav>
  );
}

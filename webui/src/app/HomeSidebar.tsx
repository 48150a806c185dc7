import { NavLink } from "react-router";
import { t } from "../i18n/i18n";
import { HomeSidebarItems } from "../plugins/extensions";
import { Icon } from "../ui/Icon";

const linkClass = ({ isActive }: { isActive: boolean }) => `side-link${isActive ? " side-link--active" : ""}`;

/** Home's side pane: the feed, then what plugins list there (inbox: friends and direct messages). */
export function HomeSidebar() {
  return (
    <div className="home-sidebar" data-testid="home-sidebar">
      <nav className="home-sidebar__feed" aria-label={t("app.homeSidebar")}>
        <NavLink to="/app" end className={linkClass}>
          <Icon name="home" size={20} />
          <span className="side-link__label">{t("app.feed")}</span>
        </NavLink>
      </nav>
      <HomeSidebarItems />
    </div>
  );
}

import { NavLink } from "react-router";
import { t } from "../i18n/i18n";
import { usePluginStore } from "../plugins/pluginStore";
import { Icon } from "../ui/Icon";
import { SlotTarget, useSlotFilled } from "./layoutSlots";
import { NavBadge } from "./NavBadge";
import { NavEntryGate } from "./NavEntryGate";
import { UserArea } from "./UserArea";

const linkClass = ({ isActive }: { isActive: boolean }) => `side-link${isActive ? " side-link--active" : ""}`;

export function SidePane() {
  const navEntries = usePluginStore((state) => state.navEntries);
  const slotFilled = useSlotFilled("sidePane");
  return (
    <aside className={`side-pane${slotFilled ? " side-pane--filled" : ""}`} aria-label={t("app.sidebar")}>
      <div className="side-pane__header">{t("brand.name")}</div>
      <nav className="side-pane__links" aria-label={t("app.sections")}>
        <NavLink to="/app" end className={linkClass}>
          <Icon name="home" size={20} />
          {t("app.home")}
        </NavLink>
        {navEntries.map((entry) => (
          <NavEntryGate key={entry.id} entry={entry}>
            <NavLink to={`/app/${entry.to}`} className={linkClass}>
              <Icon name={entry.icon} size={20} />
              <span className="side-link__label">{entry.label()}</span>
              {entry.useBadge && <NavBadge useBadge={entry.useBadge} />}
            </NavLink>
          </NavEntryGate>
        ))}
      </nav>
      <SlotTarget name="sidePane" className="side-pane__slot" />
      <UserArea />
    </aside>
  );
}

import { useLocation } from "react-router";
import { t } from "../i18n/i18n";
import { usePluginStore } from "../plugins/pluginStore";
import { activeSettingsSection, SETTINGS_ROOT } from "../settings/area/sectionList";
import { Icon } from "../ui/Icon";
import { SlotTarget, useSlotFilled } from "./layoutSlots";
import { toggleRightDrawer, toggleSidePane, useLayoutStore } from "./layoutStore";

/** Title of the current /app page: its settings section, else the plugin entry it belongs to, else the dashboard. */
function usePageTitle(): string {
  const { pathname } = useLocation();
  const navEntries = usePluginStore((state) => state.navEntries);
  const settingsSections = usePluginStore((state) => state.settingsSections);
  if (pathname === SETTINGS_ROOT || pathname.startsWith(`${SETTINGS_ROOT}/`)) {
    return activeSettingsSection(settingsSections, pathname)?.label() ?? t("settings.title");
  }
  const entry = navEntries.find(({ to }) => pathname === `/app/${to}` || pathname.startsWith(`/app/${to}/`));
  return entry ? entry.label() : t("app.home");
}

function PageTitle() {
  return <>{usePageTitle()}</>;
}

export function MainHeader() {
  const rightDrawerOpen = useLayoutStore((state) => state.rightDrawerOpen);
  const titleFilled = useSlotFilled("headerTitle");
  return (
    <header className="main-header">
      <button type="button" className="icon-button main-header__menu" aria-label={t("app.openMenu")} onClick={toggleSidePane}>
        <Icon name="menu" />
      </button>
      <h1 className="main-header__title">
        {!titleFilled && <PageTitle />}
        <SlotTarget name="headerTitle" as="span" className="main-header__title-slot" />
      </h1>
      <SlotTarget name="headerActions" className="main-header__actions" />
      <button
        type="button"
        className="icon-button"
        aria-label={rightDrawerOpen ? t("drawer.hide") : t("drawer.show")}
        aria-expanded={rightDrawerOpen}
        title={rightDrawerOpen ? t("drawer.hide") : t("drawer.show")}
        onClick={toggleRightDrawer}
      >
        <Icon name="panel" />
      </button>
    </header>
  );
}

/** /app/settings/*: the sidebar of sections (in the side pane, so a drawer below 850 px) and the open section. */
import { Suspense, type ReactNode } from "react";
import { Link, Navigate, Outlet, useLocation } from "react-router";
import { LayoutSlot } from "../../app/layoutSlots";
import { t } from "../../i18n/i18n";
import { usePluginStore } from "../../plugins/pluginStore";
import type { PluginSettingsSection } from "../../plugins/pluginTypes";
import { Icon } from "../../ui/Icon";
import { PaneLoading } from "../../ui/PaneLoading";
import { activeSettingsSection, sectionDepth, sectionUrl } from "./sectionList";
import "./settingsArea.css";

function Visible({ section, children }: { section: PluginSettingsSection; children: ReactNode }) {
  const VisibleWhen = section.useVisible;
  return VisibleWhen ? <Gate useVisible={VisibleWhen}>{children}</Gate> : children;
}

function Gate({ useVisible, children }: { useVisible: () => boolean; children: ReactNode }) {
  return useVisible() ? children : null;
}

export function SettingsSidebar() {
  const sections = usePluginStore((state) => state.settingsSections);
  const { pathname } = useLocation();
  const active = activeSettingsSection(sections, pathname);
  return (
    <nav className="settings-sidebar" aria-label={t("settings.sections")} data-testid="settings-sidebar">
      <h2 className="settings-sidebar__title">{t("settings.title")}</h2>
      <ul>
        {sections.map((section) => (
          <Visible key={section.id} section={section}>
            <li>
              <Link
                to={sectionUrl(section)}
                className={`settings-sidebar__link${section === active ? " settings-sidebar__link--active" : ""}`}
                aria-current={section === active ? "page" : undefined}
                style={{ paddingInlineStart: 10 + 16 * sectionDepth(sections, section) }}
              >
                {section.icon && <Icon name={section.icon} size={18} />}
                <span>{section.label()}</span>
              </Link>
            </li>
          </Visible>
        ))}
      </ul>
    </nav>
  );
}

export function SettingsLayout() {
  return (
    <>
      <LayoutSlot name="sidePane">
        <SettingsSidebar />
      </LayoutSlot>
      <div className="settings-area" data-testid="settings-area">
        <Suspense fallback={<PaneLoading />}>
          <Outlet />
        </Suspense>
      </div>
    </>
  );
}

/** /app/settings: the first section. */
export function SettingsIndex() {
  const first = usePluginStore((state) => state.settingsSections.find((section) => !section.useVisible));
  return first ? <Navigate to={sectionUrl(first)} replace /> : <SettingsNotFound />;
}

export function SettingsNotFound() {
  return (
    <div className="settings-page" data-testid="settings-not-found">
      <h2 className="settings-page__title">{t("settings.notFound.title")}</h2>
      <p className="muted">{t("settings.notFound.text")}</p>
      <Link to="/app/settings">{t("settings.notFound.back")}</Link>
    </div>
  );
}

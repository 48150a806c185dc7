/** /app/settings/window-settings: listed only inside a desktop shell; a browser gets a note saying so. */
import { t } from "../../i18n/i18n";
import { SettingsPage } from "../area/SettingsPage";
import { isDesktopShell } from "../desktopShell";

export default function WindowSettingsSection() {
  return (
    <SettingsPage title={t("settings.window.title")} testId="settings-window">
      <p className="muted" data-testid="window-settings-unavailable">
        {isDesktopShell() ? t("settings.window.none") : t("settings.window.browser")}
      </p>
    </SettingsPage>
  );
}

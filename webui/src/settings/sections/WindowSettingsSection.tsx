/** /app/settings/window-settings: listed only inside a desktop shell; a browser gets this note. */
import { t } from "../../i18n/i18n";
import { SettingsPage } from "../area/SettingsPage";

export default function WindowSettingsSection() {
  return (
    <SettingsPage title={t("settings.window.title")} testId="settings-window">
      <p className="muted" data-testid="window-settings-unavailable">
        {t("settings.window.browser")}
      </p>
    </SettingsPage>
  );
}

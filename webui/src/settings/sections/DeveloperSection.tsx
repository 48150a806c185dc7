/** /app/settings/developer: developer mode, and the sections under it (applications, when that plugin runs). */
import { Link } from "react-router";
import { t } from "../../i18n/i18n";
import { usePluginStore } from "../../plugins/pluginStore";
import { sectionUrl } from "../area/sectionList";
import { SettingsCard, SettingsPage, SettingsToggle } from "../area/SettingsPage";
import { setLocalSetting, useLocalSetting } from "../localSettings";

export default function DeveloperSection() {
  const developerMode = useLocalSetting("developerMode");
  const sections = usePluginStore((state) => state.settingsSections);
  const children = sections.filter((section) => section.path.startsWith("developer/"));

  return (
    <SettingsPage title={t("settings.developer.title")} description={t("settings.developer.description")} testId="settings-developer">
      <SettingsCard title={t("settings.developer.mode")}>
        <SettingsToggle
          label={t("settings.developer.modeLabel")}
          description={t("settings.developer.modeHint")}
          checked={developerMode}
          onChange={(enabled) => setLocalSetting("developerMode", enabled)}
        />
      </SettingsCard>
      {children.length > 0 && (
        <SettingsCard title={t("settings.developer.more")}>
          <ul className="settings-links">
            {children.map((section) => (
              <li key={section.id}>
                <Link to={sectionUrl(section)}>{section.label()}</Link>
              </li>
            ))}
          </ul>
        </SettingsCard>
      )}
    </SettingsPage>
  );
}

/** /app/settings/experiments: experimental switches, kept in this browser (`enabledExperiments`). */
import { t, translate } from "../../i18n/i18n";
import { setExperimentEnabled } from "../appearance";
import { SettingsCard, SettingsPage, SettingsToggle } from "../area/SettingsPage";
import { EXPERIMENTS } from "../experiments";
import { useLocalSetting } from "../localSettings";

export default function ExperimentsSection() {
  const enabled = useLocalSetting("enabledExperiments");
  return (
    <SettingsPage title={t("settings.experiments.title")} description={t("settings.experiments.description")} testId="settings-experiments">
      <SettingsCard title={t("settings.experiments.list")}>
        {EXPERIMENTS.map(({ id }) => (
          <SettingsToggle
            key={id}
            label={translate(`settings.experiments.items.${id}.name`)}
            description={translate(`settings.experiments.items.${id}.description`)}
            checked={enabled.includes(id)}
            onChange={(on) => setExperimentEnabled(id, on)}
          />
        ))}
      </SettingsCard>
    </SettingsPage>
  );
}

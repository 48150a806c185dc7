/** /app/settings/about: the work Hearth's interface builds on and the credit its licences ask for. */
import { t } from "../../i18n/i18n";
import { Emoji } from "../../ui/emoji/Emoji";
import { ExternalLink } from "../../ui/externalLink/ExternalLink";
import { SettingsCard, SettingsPage } from "../area/SettingsPage";

export default function AboutSection() {
  return (
    <SettingsPage title={t("settings.about.title")} description={t("settings.about.description")} testId="settings-about">
      <SettingsCard title={t("settings.about.artwork")}>
        <p>
          <Emoji emoji="😀" /> {t("settings.about.twemoji")}
        </p>
        <p className="muted">
          {t("settings.about.licence", { name: "CC-BY 4.0" })} ·{" "}
          <ExternalLink href="https://creativecommons.org/licenses/by/4.0/">creativecommons.org/licenses/by/4.0</ExternalLink> ·{" "}
          <ExternalLink href="https://github.com/discord/twemoji">{t("settings.about.source")}</ExternalLink>
        </p>
      </SettingsCard>
    </SettingsPage>
  );
}

/** /app/settings/call-settings (spec §2). */
import { LayoutSlot } from "@hearth/app/layoutSlots";
import { CallSettingsPanel } from "./components/CallSettingsPanel";
import { t } from "./i18n";
import "./voice.css";

export default function CallSettingsPage() {
  return (
    <>
      <LayoutSlot name="headerTitle">{t("settings.title")}</LayoutSlot>
      <div className="call-settings-page">
        <h2>{t("settings.title")}</h2>
        <CallSettingsPanel />
      </div>
    </>
  );
}

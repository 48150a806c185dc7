/** The Web Push card of the notifications settings page: turn push on or off for this browser. */
import { SettingsCard, SettingsToggle } from "@hearth/settings/area/SettingsPage";
import { FormError } from "@hearth/ui/form/FormError";
import { useEffect, useState } from "react";
import { t } from "./i18n";
import { currentState, disablePush, enablePush, type PushState } from "./webPush";

export function WebPushCard() {
  const [state, setState] = useState<PushState | "loading">("loading");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    currentState()
      .then((found) => live && setState(found))
      .catch(() => live && setState("off"));
    return () => {
      live = false;
    };
  }, []);

  const change = async (enabled: boolean) => {
    setBusy(true);
    setError(null);
    try {
      setState(await (enabled ? enablePush() : disablePush()));
    } catch {
      setError(t("failed"));
    } finally {
      setBusy(false);
    }
  };

  const status = state === "unsupported" ? t("unsupported") : state === "denied" ? t("denied") : state === "on" ? t("enabled") : state === "off" ? t("disabled") : t("loading");
  return (
    <SettingsCard title={t("cardTitle")} description={t("description")}>
      <SettingsToggle
        label={t("toggle")}
        description={t("hint")}
        checked={state === "on"}
        disabled={busy || state === "loading" || state === "unsupported"}
        onChange={(enabled) => void change(enabled)}
      />
      <p className="muted" role="status" data-testid="push-status">
        {status}
      </p>
      <FormError message={error} />
    </SettingsCard>
  );
}

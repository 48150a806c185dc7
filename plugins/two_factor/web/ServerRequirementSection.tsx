/** Server settings › Security: "require two-factor for moderation" (owner only; they need it on). */
import { useEffect, useState } from "react";
import { describeError } from "@hearth/api/requestErrors";
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import { FormError } from "@hearth/ui/form/FormError";
import { PaneLoading } from "@hearth/ui/PaneLoading";
import { SettingsCard, useServersStore, type SettingsSectionProps } from "../../servers/web/public";
import { t } from "./i18n";
import { getServerRequirement, setServerRequirement } from "./twoFactorApi";

export default function ServerRequirementSection({ serverId }: SettingsSectionProps) {
  const ownerId = useServersStore((state) => state.servers[serverId]?.createdById);
  const selfId = useSelfUserStore((state) => state.user?.id);
  const [required, setRequired] = useState<boolean | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const owner = ownerId !== undefined && ownerId === selfId;

  useEffect(() => {
    getServerRequirement(serverId)
      .then((answer) => setRequired(answer.required))
      .catch((failure: unknown) => setError(describeError(failure)));
  }, [serverId]);

  if (required === null && !error) return <PaneLoading />;

  const change = async (next: boolean) => {
    setSaving(true);
    setSaved(false);
    setError(null);
    setRequired(next); // shown at once, put back if the server refuses
    try {
      setRequired((await setServerRequirement(serverId, next)).required);
      setSaved(true);
    } catch (failure) {
      setRequired(!next);
      setError(describeError(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <SettingsCard title={t("server.title")} description={t("server.hint")} testId="server-two-factor">
      <label className="checkbox-row two-factor-toggle">
        <input
          type="checkbox"
          checked={required ?? false}
          disabled={!owner || saving || required === null}
          onChange={(event) => void change(event.target.checked)}
        />
        <span>{t("server.toggle")}</span>
      </label>
      {!owner && <p className="muted">{t("server.ownerOnly")}</p>}
      {saved && (
        <p className="two-factor-saved" role="status">
          {t("server.saved")}
        </p>
      )}
      <FormError message={error} />
    </SettingsCard>
  );
}

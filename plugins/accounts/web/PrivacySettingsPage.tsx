/** /app/settings/privacy: DM, friend-request and last-seen privacy, hidden follows (POST /users, rest.md §1.19). */
import { describeError } from "@hearth/api/requestErrors";
import { SettingsCard, SettingsPage, SettingsSelect, SettingsToggle } from "@hearth/settings/area/SettingsPage";
import { updateSelfUser, useSelfUserStore, type SelfUser } from "@hearth/stores/selfUserStore";
import { FormError } from "@hearth/ui/form/FormError";
import { PaneLoading } from "@hearth/ui/PaneLoading";
import { useState } from "react";
import { updateAccount, type AccountChanges } from "./accountsApi";
import { t } from "./i18n";

type PrivacyField = "dmStatus" | "friendRequestStatus" | "lastOnlineStatus" | "hideFollowers" | "hideFollowing";
type Level = 0 | 1 | 2;
const LEVELS: Level[] = [0, 1, 2];

export default function PrivacySettingsPage() {
  const user = useSelfUserStore((state) => state.user);
  // each field's own save: one finishing must not show another, still in flight, as saved
  const [saving, setSaving] = useState<ReadonlySet<PrivacyField>>(new Set());
  const [error, setError] = useState<string | null>(null);

  if (!user) return <PaneLoading />;

  const save = async (changes: Pick<AccountChanges, PrivacyField>, field: PrivacyField) => {
    setSaving((fields) => new Set(fields).add(field));
    setError(null);
    const before: Partial<SelfUser> = { [field]: user[field] };
    updateSelfUser(changes); // shown at once; put back if the server refuses
    try {
      const { user: fresh } = await updateAccount(changes);
      if (fresh[field] !== undefined) updateSelfUser({ [field]: fresh[field] });
    } catch (failure) {
      updateSelfUser(before);
      setError(describeError(failure));
    } finally {
      setSaving((fields) => {
        const left = new Set(fields);
        left.delete(field);
        return left;
      });
    }
  };

  const level = (field: "dmStatus" | "friendRequestStatus" | "lastOnlineStatus", fallback: Level) => (user[field] ?? fallback) as Level;

  return (
    <SettingsPage title={t("privacy.title")} description={t("privacy.subtitle")} testId="settings-privacy">
      <FormError message={error} />
      <SettingsCard title={t("privacy.messages")}>
        <SettingsSelect
          label={t("privacy.dmStatus")}
          value={level("dmStatus", 0)}
          disabled={saving.has("dmStatus")}
          choices={LEVELS.map((value) => ({ value, label: t(`privacy.dm.${value}`) }))}
          onChange={(dmStatus) => void save({ dmStatus }, "dmStatus")}
        />
      </SettingsCard>
      <SettingsCard title={t("privacy.friendRequests")}>
        <SettingsSelect
          label={t("privacy.friendRequestStatus")}
          value={level("friendRequestStatus", 0)}
          disabled={saving.has("friendRequestStatus")}
          choices={LEVELS.map((value) => ({ value, label: t(`privacy.friendRequest.${value}`) }))}
          onChange={(friendRequestStatus) => void save({ friendRequestStatus }, "friendRequestStatus")}
        />
      </SettingsCard>
      <SettingsCard title={t("privacy.lastOnline")}>
        <SettingsSelect
          label={t("privacy.lastOnlineStatus")}
          value={level("lastOnlineStatus", 1)}
          disabled={saving.has("lastOnlineStatus")}
          choices={LEVELS.map((value) => ({ value, label: t(`privacy.lastOnlineChoice.${value}`) }))}
          onChange={(lastOnlineStatus) => void save({ lastOnlineStatus }, "lastOnlineStatus")}
        />
      </SettingsCard>
      <SettingsCard title={t("privacy.follows")}>
        <SettingsToggle
          label={t("privacy.hideFollowers")}
          description={t("privacy.hideFollowersHint")}
          checked={user.hideFollowers ?? false}
          disabled={saving.has("hideFollowers")}
          onChange={(hideFollowers) => void save({ hideFollowers }, "hideFollowers")}
        />
        <SettingsToggle
          label={t("privacy.hideFollowing")}
          description={t("privacy.hideFollowingHint")}
          checked={user.hideFollowing ?? false}
          disabled={saving.has("hideFollowing")}
          onChange={(hideFollowing) => void save({ hideFollowing }, "hideFollowing")}
        />
      </SettingsCard>
    </SettingsPage>
  );
}

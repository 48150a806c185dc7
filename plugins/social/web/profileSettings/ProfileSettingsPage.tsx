/** /app/settings/account/profile: bio, colours, font and banner (POST /users, rest.md §1.19) with a live preview. */
import { SettingsPage } from "@hearth/settings/area/SettingsPage";
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import { Button } from "@hearth/ui/Button";
import { PaneLoading } from "@hearth/ui/PaneLoading";
import { useEffect, useState } from "react";
import { t } from "../i18n";
import { loadProfile, useProfile } from "../profileStore";
import { ProfileEditor } from "./ProfileEditor";
import "./profileSettings.css";

export default function ProfileSettingsPage() {
  const user = useSelfUserStore((state) => state.user);
  const { details, error } = useProfile(user?.id ?? "");
  /** The form starts from a fresh copy of the profile, not one cached earlier in the session. */
  const [fetched, setFetched] = useState(false);

  useEffect(() => {
    if (!user?.id) return;
    let active = true;
    void loadProfile(user.id).then(() => active && setFetched(true));
    return () => {
      active = false;
    };
  }, [user?.id]);

  return (
    <SettingsPage title={t("settings.title")} description={t("settings.description")} testId="settings-profile" wide>
      {!user || !details || !fetched ? (
        error && fetched ? (
          <div className="stack">
            <p className="form-error" role="alert">
              {t("profile.failed", { message: error })}
            </p>
            <div>
              <Button onClick={() => void (user && loadProfile(user.id))}>{t("profile.retry")}</Button>
            </div>
          </div>
        ) : (
          <PaneLoading label={t("profile.loading")} />
        )
      ) : (
        // keyed on the user: a new sign-in starts from that user's saved profile
        <ProfileEditor key={user.id} user={user} initialProfile={details.profile ?? null} />
      )}
    </SettingsPage>
  );
}

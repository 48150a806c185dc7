import { useId, useState, type ChangeEvent } from "react";
import { uploadImage } from "@hearth/api/cdn";
import type { UploadProgress } from "@hearth/api/upload";
import { updateSelfUser, type SelfUser } from "@hearth/stores/selfUserStore";
import { Avatar } from "@hearth/ui/Avatar";
import { Button } from "@hearth/ui/Button";
import { FormError } from "@hearth/ui/form/FormError";
import { useFormAction } from "@hearth/ui/form/useFormAction";
import { formatBytesPerSecond } from "@hearth/ui/format";
import { ProgressBar } from "@hearth/ui/ProgressBar";
import { updateAccount } from "../accountsApi";
import { t } from "../i18n";
import { SettingsSection } from "../SettingsSection";

/** Uploads an image to the CDN (with a progress bar), then makes it the avatar. */
export function AvatarSection({ user }: { user: SelfUser }) {
  const inputId = useId();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const { pending, errors, run } = useFormAction([] as const);

  const setAvatar = (avatarId: string | null) =>
    run(async () => {
      const { user: updated } = await updateAccount({ avatarId });
      updateSelfUser({ avatar: updated.avatar ?? null });
    });

  const onFileChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    void run(async () => {
      try {
        const { fileId } = await uploadImage(file, "avatars", setProgress);
        const { user: updated } = await updateAccount({ avatarId: fileId });
        updateSelfUser({ avatar: updated.avatar ?? null });
      } finally {
        setProgress(null);
      }
    });
  };

  return (
    <SettingsSection title={t("avatar.title")} description={t("avatar.hint")}>
      <div className="avatar-editor">
        <Avatar user={user} size={80} />
        <div className="stack avatar-editor__controls">
          <div className="button-row">
            <input
              id={inputId}
              className="visually-hidden file-picker"
              type="file"
              accept="image/png,image/jpeg,image/gif,image/webp"
              disabled={pending}
              onChange={onFileChosen}
            />
            <label className="button button--primary" htmlFor={inputId}>
              {t("avatar.choose")}
            </label>
            {user.avatar && (
              <Button onClick={() => void setAvatar(null)} disabled={pending}>
                {t("avatar.remove")}
              </Button>
            )}
          </div>
          {progress && (
            <ProgressBar
              percent={progress.percent}
              label={t("avatar.uploading")}
              detail={t("avatar.progress", { percent: progress.percent, speed: formatBytesPerSecond(progress.bytesPerSecond) })}
            />
          )}
          <FormError message={errors.general} />
        </div>
      </div>
    </SettingsSection>
  );
}

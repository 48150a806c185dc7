import { useState, type ChangeEvent } from "react";
import { cdnUrl, uploadToCdn } from "@hearth/api/cdn";
import type { UploadProgress } from "@hearth/api/upload";
import { updateSelfUser, type SelfUser } from "@hearth/stores/selfUserStore";
import { Avatar } from "@hearth/ui/Avatar";
import { Button } from "@hearth/ui/Button";
import { FormError } from "@hearth/ui/form/FormError";
import { useFormAction } from "@hearth/ui/form/useFormAction";
import { formatBytesPerSecond } from "@hearth/ui/format";
import { ProgressBar } from "@hearth/ui/ProgressBar";
import { ImageFileButton } from "@hearth/ui/form/ImageFileButton";
import { updateAccount } from "../accountsApi";
import { t } from "../i18n";
import { SettingsSection } from "../SettingsSection";

type Picture = "avatar" | "banner";

const FIELDS = {
  avatar: { type: "avatars", wireKey: "avatarId" },
  banner: { type: "profile_banners", wireKey: "bannerId" },
} as const;

/** Uploads an image to the CDN (upload token, then the file, with a progress bar), then makes it the avatar or banner. */
function PictureSection({ user, picture }: { user: SelfUser; picture: Picture }) {
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const { pending, errors, run } = useFormAction([] as const);
  const { type, wireKey } = FIELDS[picture];

  const apply = async (fileId: string | null) => {
    const { user: updated } = await updateAccount({ [wireKey]: fileId });
    updateSelfUser({ [picture]: updated[picture] ?? null });
  };

  const onFileChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    void run(async () => {
      try {
        const { fileId } = await uploadToCdn({ type, groupId: user.id, file, onProgress: setProgress });
        await apply(fileId);
      } finally {
        setProgress(null);
      }
    });
  };

  const current = user[picture];
  return (
    <SettingsSection title={t(`${picture}.title`)} description={t(`${picture}.hint`)}>
      <div className="avatar-editor">
        {picture === "avatar" ? (
          <Avatar user={user} size={80} />
        ) : (
          <div
            className="banner-preview"
            data-testid="banner-preview"
            style={current ? { backgroundImage: `url("${cdnUrl(current)}")` } : { background: user.hexColor ?? "var(--accent)" }}
          />
        )}
        <div className="stack avatar-editor__controls">
          <div className="button-row">
            <ImageFileButton variant="primary" disabled={pending} onChange={onFileChosen}>
              {t(`${picture}.choose`)}
            </ImageFileButton>
            {current && (
              <Button onClick={() => void run(() => apply(null))} disabled={pending}>
                {t(`${picture}.remove`)}
              </Button>
            )}
          </div>
          {progress && (
            <ProgressBar
              percent={progress.percent}
              label={t(`${picture}.uploading`)}
              detail={t(`${picture}.progress`, { percent: progress.percent, speed: formatBytesPerSecond(progress.bytesPerSecond) })}
            />
          )}
          <FormError message={errors.general} />
        </div>
      </div>
    </SettingsSection>
  );
}

export function AvatarSection({ user }: { user: SelfUser }) {
  return <PictureSection user={user} picture="avatar" />;
}

export function BannerSection({ user }: { user: SelfUser }) {
  return <PictureSection user={user} picture="banner" />;
}

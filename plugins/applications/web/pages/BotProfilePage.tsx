/** /app/settings/developer/applications/{id}/bot/profile: the bot's name, tag, pictures and bio. */
import { uploadToCdn } from "@hearth/api/cdn";
import type { UploadProgress } from "@hearth/api/upload";
import { Avatar } from "@hearth/ui/Avatar";
import { Button } from "@hearth/ui/Button";
import { FormError } from "@hearth/ui/form/FormError";
import { TextField } from "@hearth/ui/form/TextField";
import { useFormAction } from "@hearth/ui/form/useFormAction";
import { formatBytesPerSecond } from "@hearth/ui/format";
import { ProgressBar } from "@hearth/ui/ProgressBar";
import { bannerStyle } from "@hearth/ui/safeStyle";
import { useId, useState, type ChangeEvent } from "react";
import { updateBot } from "../applicationsApi";
import { t } from "../i18n";
import { Card, SaveForm, TextAreaField } from "../shared";
import type { Application, BotUser } from "../types";
import { BotFrame } from "./BotPage";

const PICTURES = {
  avatar: { type: "avatars", wireKey: "avatarId" },
  banner: { type: "profile_banners", wireKey: "bannerId" },
} as const;

/** Uploads to the bot's group (its id) with the upload protocol, then sets it on the bot. */
function PictureField({ app, bot, picture, onSaved }: { app: Application; bot: BotUser; picture: keyof typeof PICTURES; onSaved: (bot: BotUser) => void }) {
  const inputId = useId();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const { pending, errors, run } = useFormAction([] as const);
  const { type, wireKey } = PICTURES[picture];
  const apply = async (fileId: string | null) => onSaved(await updateBot(app.id, { [wireKey]: fileId }));
  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    void run(async () => {
      try {
        const { fileId } = await uploadToCdn({ type, groupId: bot.id, file, onProgress: setProgress });
        await apply(fileId);
      } finally {
        setProgress(null);
      }
    });
  };
  return (
    <div className="developer-picture">
      {picture === "avatar" ? <Avatar user={bot} size={72} /> : <div className="developer-banner" style={bannerStyle(bot.banner, bot.hexColor)} data-testid="bot-banner" />}
      <div className="stack">
        <div className="developer-card__actions developer-card__actions--start">
          <input id={inputId} className="visually-hidden" type="file" accept="image/png,image/jpeg,image/gif,image/webp" disabled={pending} onChange={onFile} />
          <label className="button button--primary" htmlFor={inputId}>
            {t(`profile.${picture}Choose`)}
          </label>
          {bot[picture] && (
            <Button disabled={pending} onClick={() => void run(() => apply(null))}>
              {t(`profile.${picture}Remove`)}
            </Button>
          )}
        </div>
        {progress && (
          <ProgressBar
            percent={progress.percent}
            label={t("profile.uploading")}
            detail={t("profile.progress", { percent: progress.percent, speed: formatBytesPerSecond(progress.bytesPerSecond) })}
          />
        )}
        <FormError message={errors.general} />
      </div>
    </div>
  );
}

function ProfileForm({ app, onChanged }: { app: Application; onChanged: (bot: BotUser) => void }) {
  const [bot, setLocalBot] = useState<BotUser>(app.botUser!);
  const setBot = (updated: BotUser) => {
    setLocalBot(updated);
    onChanged(updated);
  };
  const [username, setUsername] = useState(bot.username);
  const [tag, setTag] = useState(bot.tag);
  const [bio, setBio] = useState(bot.profile?.bio ?? "");
  const [saved, setSaved] = useState(false);
  const { pending, errors, run } = useFormAction(["username", "tag", "bio"] as const);
  const save = () =>
    run(async () => {
      setSaved(false);
      const updated = await updateBot(app.id, { username: username.trim(), tag: tag.trim(), bio: bio.trim() || null });
      setBot(updated);
      setSaved(true);
    });
  return (
    <>
      <Card title={t("profile.pictures")}>
        <PictureField app={app} bot={bot} picture="avatar" onSaved={setBot} />
        <PictureField app={app} bot={bot} picture="banner" onSaved={setBot} />
      </Card>
      <Card title={t("profile.title")}>
        <SaveForm onSave={() => void save()} pending={pending} error={errors.general} saved={saved}>
          <TextField label={t("profile.username")} value={username} maxLength={35} onChange={(event) => setUsername(event.target.value)} error={errors.fields.username} />
          <TextField label={t("profile.tag")} value={tag} maxLength={4} onChange={(event) => setTag(event.target.value)} error={errors.fields.tag} />
          <TextAreaField label={t("profile.bio")} value={bio} onChange={setBio} error={errors.fields.bio} maxLength={1000} />
        </SaveForm>
      </Card>
    </>
  );
}

export default function BotProfilePage() {
  return <BotFrame title={t("profile.title")}>{(app, botChanged) => <ProfileForm key={app.id} app={app} onChanged={botChanged} />}</BotFrame>;
}

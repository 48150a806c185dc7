/** General (ADMIN): name, avatar and banner, default and system channels; deleting the server (owner). */
import type { UploadProgress } from "@hearth/api/upload";
import { Button } from "@hearth/ui/Button";
import { FormError } from "@hearth/ui/form/FormError";
import { TextField } from "@hearth/ui/form/TextField";
import { useFormAction } from "@hearth/ui/form/useFormAction";
import { formatBytesPerSecond } from "@hearth/ui/format";
import { ProgressBar } from "@hearth/ui/ProgressBar";
import { bannerStyle } from "@hearth/ui/safeStyle";
import { ImageFileButton } from "@hearth/ui/form/ImageFileButton";
import { useState, type ChangeEvent, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { confirmDeleteServer } from "../components/serverActions";
import { ServerAvatar } from "../components/ServerAvatar";
import { usePermissionSubject, useServer, useServerChannels } from "../hooks";
import { t } from "../i18n";
import { isOwner } from "../permissions";
import { updateServer, uploadServerImage } from "../serversApi";
import { CATEGORY_TYPE } from "../serversStore";
import type { Server } from "../types";
import { SaveRow, SelectField, SettingsCard } from "./ui";

type ImageKind = "avatar" | "banner";

function ImagePicker({ server, kind }: { server: Server; kind: ImageKind }) {
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const { pending, errors, run } = useFormAction([] as const);
  const field = kind === "avatar" ? "avatarId" : "bannerId";
  const current = kind === "avatar" ? server.avatar : server.banner;

  const onChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    void run(async () => {
      try {
        setProgress({ percent: 0, bytesPerSecond: 0 });
        const { fileId } = await uploadServerImage(server.id, file, kind === "avatar" ? "avatars" : "profile_banners", setProgress);
        await updateServer(server.id, { [field]: fileId });
      } finally {
        setProgress(null);
      }
    });
  };

  return (
    <div className="image-picker">
      {kind === "avatar" ? (
        <ServerAvatar server={server} size={80} />
      ) : (
        <div
          className="image-picker__banner"
          style={bannerStyle(current, server.hexColor)}
          aria-hidden="true"
        />
      )}
      <div className="stack image-picker__controls">
        <div className="button-row">
          <ImageFileButton disabled={pending} onChange={onChosen}>
            {kind === "avatar" ? t("general.chooseAvatar") : t("general.chooseBanner")}
          </ImageFileButton>
          {current && (
            <Button disabled={pending} loading={pending && !progress} onClick={() => void run(async () => void (await updateServer(server.id, { [field]: null })))}>
              {t("general.removeImage")}
            </Button>
          )}
        </div>
        {progress && (
          <ProgressBar
            percent={progress.percent}
            label={t("general.uploading")}
            detail={t("general.progress", { percent: progress.percent, speed: formatBytesPerSecond(progress.bytesPerSecond) })}
          />
        )}
        <FormError message={errors.general} />
      </div>
    </div>
  );
}

function DetailsForm({ server }: { server: Server }) {
  const channels = useServerChannels(server.id).filter((channel) => channel.type !== CATEGORY_TYPE);
  const [name, setName] = useState(server.name);
  const [defaultChannelId, setDefaultChannelId] = useState(server.defaultChannelId);
  const [systemChannelId, setSystemChannelId] = useState(server.systemChannelId ?? "");
  const [saved, setSaved] = useState(false);
  const { pending, errors, run } = useFormAction(["name", "defaultChannelId", "systemChannelId"] as const);

  const changes: Record<string, unknown> = {};
  if (name.trim() !== server.name) changes.name = name.trim();
  if (defaultChannelId !== server.defaultChannelId) changes.defaultChannelId = defaultChannelId;
  if ((systemChannelId || null) !== (server.systemChannelId ?? null)) changes.systemChannelId = systemChannelId || null;
  const dirty = Object.keys(changes).length > 0;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    void run(async () => {
      await updateServer(server.id, changes);
      setSaved(true);
    });
  };

  return (
    <form className="stack" onSubmit={onSubmit} noValidate>
      <TextField label={t("general.name")} name="name" maxLength={35} value={name} onChange={(event) => setName(event.target.value)} error={errors.fields.name} hint={t("general.nameHint")} />
      <SelectField label={t("general.defaultChannel")} value={defaultChannelId} onChange={setDefaultChannelId} hint={t("general.defaultChannelHint")}>
        {channels.map((channel) => (
          <option key={channel.id} value={channel.id}>
            #{channel.name}
          </option>
        ))}
      </SelectField>
      {errors.fields.defaultChannelId && <p className="field__error">{errors.fields.defaultChannelId}</p>}
      <SelectField label={t("general.systemChannel")} value={systemChannelId} onChange={setSystemChannelId} hint={t("general.systemChannelHint")}>
        <option value="">{t("general.noSystemChannel")}</option>
        {channels.map((channel) => (
          <option key={channel.id} value={channel.id}>
            #{channel.name}
          </option>
        ))}
      </SelectField>
      <SaveRow pending={pending} error={errors.general ?? errors.fields.systemChannelId ?? null} saved={saved && !dirty} disabled={!dirty} />
    </form>
  );
}

export function GeneralSection({ serverId }: { serverId: string }) {
  const server = useServer(serverId);
  const subject = usePermissionSubject(serverId);
  const navigate = useNavigate();
  if (!server || !subject) return null;
  return (
    <div className="stack">
      <SettingsCard title={t("general.detailsTitle")}>
        <DetailsForm key={server.id} server={server} />
      </SettingsCard>
      <SettingsCard title={t("general.avatarTitle")} description={t("general.imageHint")}>
        <ImagePicker server={server} kind="avatar" />
      </SettingsCard>
      <SettingsCard title={t("general.bannerTitle")} description={t("general.imageHint")}>
        <ImagePicker server={server} kind="banner" />
      </SettingsCard>
      {isOwner(subject) && (
        <SettingsCard title={t("general.deleteTitle")} description={t("general.deleteHint")} danger>
          <div className="button-row">
            <Button variant="danger" onClick={() => confirmDeleteServer(server, navigate)}>
              {t("deleteServer.confirm")}
            </Button>
          </div>
        </SettingsCard>
      )}
    </div>
  );
}

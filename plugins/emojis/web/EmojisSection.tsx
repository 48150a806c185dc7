/** Server settings → Emojis (ADMIN): the list with picture, name and uploader; upload, rename, delete. */
import type { UploadProgress } from "@hearth/api/upload";
import { describeError } from "@hearth/api/requestErrors";
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import { Button } from "@hearth/ui/Button";
import { customEmojiUrl } from "@hearth/ui/emoji/customEmoji";
import { FormError } from "@hearth/ui/form/FormError";
import { formatBytesPerSecond } from "@hearth/ui/format";
import { confirmAction } from "@hearth/ui/modal/confirmModal";
import { ProgressBar } from "@hearth/ui/ProgressBar";
import { PaneLoading } from "@hearth/ui/PaneLoading";
import { ImageFileButton } from "@hearth/ui/form/ImageFileButton";
import { useCallback, useEffect, useMemo, useState, type ChangeEvent, type FormEvent } from "react";
import { useServersStore, type SettingsSectionProps } from "../../servers/web/public";
import { addEmoji, deleteEmoji, fetchEmojis, renameEmoji } from "./emojisApi";
import { emojiLimit, nameFromFile, sanitiseEmojiName } from "./emojiNames";
import "./emojis.css";
import { t } from "./i18n";
import type { ListedEmoji } from "./types";

type Uploader = ListedEmoji["uploadedBy"];

function EmojiRow({ serverId, emoji, uploader }: { serverId: string; emoji: { id: string; name: string }; uploader: Uploader | undefined }) {
  const [name, setName] = useState(emoji.name);
  const [pending, setPending] = useState<"rename" | "delete" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  useEffect(() => setName(emoji.name), [emoji.name]);
  const dirty = name !== emoji.name;

  const rename = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!dirty || pending) return;
    setError(null);
    setSaved(false);
    if (name.length < 2 || name.length > 15) {
      setError(t("errors.nameLength"));
      return;
    }
    setPending("rename");
    try {
      const updated = await renameEmoji(serverId, emoji.id, name);
      setName(updated.name);
      setSaved(true);
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setPending(null);
    }
  };

  const remove = async () => {
    const confirmed = await confirmAction({
      title: t("delete.title", { name: emoji.name }),
      message: t("delete.text"),
      confirmLabel: t("delete.confirm"),
      danger: true,
    });
    if (!confirmed) return;
    setError(null);
    setPending("delete");
    try {
      await deleteEmoji(serverId, emoji.id);
      // The row goes when `server:emoji_remove` updates the server.
    } catch (failure) {
      setError(describeError(failure));
      setPending(null);
    }
  };

  return (
    <li className="settings-list__row emoji-row" data-testid="emoji-row" data-emoji-id={emoji.id}>
      <img className="emoji-row__picture" src={customEmojiUrl(emoji.id)} alt={`:${emoji.name}:`} loading="lazy" />
      <form className="emoji-row__form" onSubmit={(event) => void rename(event)} noValidate>
        <input
          className="field__input emoji-row__name"
          aria-label={t("row.name", { name: emoji.name })}
          title={t("row.nameHint")}
          maxLength={15}
          value={name}
          onChange={(event) => {
            setSaved(false);
            setName(sanitiseEmojiName(event.target.value));
          }}
          onBlur={() => void rename()}
          onKeyDown={(event) => {
            if (event.key === "Escape") {
              setName(emoji.name);
              setError(null);
            }
          }}
        />
        {dirty && (
          <Button type="submit" loading={pending === "rename"} onMouseDown={(event) => event.preventDefault()}>
            {t("row.rename")}
          </Button>
        )}
        {saved && !dirty && (
          <span className="muted" role="status">
            {t("row.saved")}
          </span>
        )}
      </form>
      <span className="muted emoji-row__uploader">
        {uploader ? t("row.uploadedBy", { user: `${uploader.username}:${uploader.tag}` }) : uploader === null ? t("row.unknownUploader") : ""}
      </span>
      <Button variant="danger" loading={pending === "delete"} aria-label={t("row.deleteLabel", { name: emoji.name })} onClick={() => void remove()}>
        {t("row.delete")}
      </Button>
      {error && (
        <p className="form-error emoji-row__error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}

function UploadButton({ serverId, disabled, onAdded }: { serverId: string; disabled: boolean; onAdded: (emoji: ListedEmoji) => void }) {
  const [progress, setProgress] = useState<{ name: string; value: UploadProgress } | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const self = useSelfUserStore((state) => state.user);
  const busy = progress !== null || saving;

  const onChosen = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    setError(null);
    setProgress({ name: file.name, value: { percent: 0, bytesPerSecond: 0 } });
    try {
      const added = await addEmoji(serverId, file, nameFromFile(file.name), (value) => {
        setProgress({ name: file.name, value });
        if (value.percent >= 100) setSaving(true);
      });
      onAdded({ ...added, uploadedBy: self ? { id: self.id, username: self.username, tag: self.tag, avatar: self.avatar, hexColor: self.hexColor } : null });
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setProgress(null);
      setSaving(false);
    }
  };

  return (
    <div className="stack emoji-upload">
      <div className="button-row">
        <ImageFileButton variant="primary" disabled={disabled} busy={busy} onChange={(event) => void onChosen(event)}>
          {t("section.upload")}
        </ImageFileButton>
      </div>
      {progress && (
        <ProgressBar
          percent={progress.value.percent}
          label={saving ? t("section.saving") : t("section.uploading", { name: progress.name })}
          detail={t("section.progress", { percent: progress.value.percent, speed: formatBytesPerSecond(progress.value.bytesPerSecond) })}
        />
      )}
      <FormError message={error} />
    </div>
  );
}

export function EmojisSection({ serverId }: SettingsSectionProps) {
  const server = useServersStore((state) => state.servers[serverId]);
  const [uploaders, setUploaders] = useState<Record<string, Uploader>>({});
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    setError(null);
    try {
      const listed = await fetchEmojis(serverId);
      setUploaders(Object.fromEntries(listed.map((emoji) => [emoji.id, emoji.uploadedBy])));
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setLoading(false);
    }
  }, [serverId]);

  useEffect(() => {
    void load();
  }, [load]);

  // The server's emojis stay live from the socket; the listing only adds who uploaded each.
  const emojis = useMemo(
    () => [...(server?.customEmojis ?? [])].sort((a, b) => (BigInt(b.id) > BigInt(a.id) ? 1 : BigInt(b.id) < BigInt(a.id) ? -1 : 0)),
    [server?.customEmojis],
  );
  if (!server) return null;
  const max = emojiLimit(server);

  return (
    <section className="card server-settings__card" aria-label={t("section.title")}>
      <header className="server-settings__card-header">
        <h3>{t("section.title")}</h3>
        <span className="muted" data-testid="emoji-count">
          {t("section.count", { count: emojis.length, max })}
        </span>
      </header>
      <p className="muted">{t("section.hint")}</p>
      <UploadButton serverId={serverId} disabled={emojis.length >= max} onAdded={(emoji) => setUploaders((current) => ({ ...current, [emoji.id]: emoji.uploadedBy }))} />
      {emojis.length >= max && <p className="muted">{t("section.full")}</p>}
      {loading && (
        <PaneLoading label={t("section.loading")} />
      )}
      {error && (
        <div className="stack">
          <FormError message={error} />
          <div className="button-row">
            <Button onClick={() => void load()}>{t("section.retry")}</Button>
          </div>
        </div>
      )}
      {!loading && !error && emojis.length === 0 && <p className="muted">{t("section.empty")}</p>}
      {emojis.length > 0 && (
        <ul className="settings-list" data-testid="emoji-list">
          {emojis.map((emoji) => (
            <EmojiRow key={emoji.id} serverId={serverId} emoji={emoji} uploader={loading ? undefined : (uploaders[emoji.id] ?? null)} />
          ))}
        </ul>
      )}
    </section>
  );
}

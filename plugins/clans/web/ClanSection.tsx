/** Server settings › Clan (rest.md §4.12): the owner of a verified server sets its tag and icon,
 * or deletes the clan. Others see why they cannot. */
import { cdnUrl } from "@hearth/api/cdn";
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import { Button } from "@hearth/ui/Button";
import { FormError } from "@hearth/ui/form/FormError";
import { useNamedAction } from "@hearth/ui/form/useNamedAction";
import { useEffect, useId, useState, type FormEvent } from "react";
import { errorText, useServersStore, type SettingsSectionProps } from "../../servers/web/public";
import { ClanBadge } from "./ClanBadge";
import { deleteClan, saveClan, uploadClanIcon } from "./clansApi";
import { t } from "./i18n";
import "./clans.css";

export default function ClanSection({ serverId }: SettingsSectionProps) {
  const server = useServersStore((state) => state.servers[serverId]);
  const selfId = useSelfUserStore((state) => state.user?.id);
  const clan = server?.clan ?? null;
  const [tag, setTag] = useState(clan?.tag ?? "");
  const [file, setFile] = useState<File | null>(null);
  const [fileInputKey, setFileInputKey] = useState(0); // remounts the file input to clear it
  const { action, error, note, setNote, run } = useNamedAction<"save" | "delete">((failure) => errorText(failure, t("errors.generic")));
  const tagId = useId();
  const iconId = useId();
  useEffect(() => setTag(clan?.tag ?? ""), [clan?.tag]);

  if (!server) return null;
  const isOwner = server.createdById === selfId;
  const editable = isOwner && server.verified;

  const save = (event: FormEvent) => {
    event.preventDefault();
    void run("save", async () => {
      const trimmed = tag.trim();
      if (trimmed.length < 1 || trimmed.length > 4) throw new Error(t("section.tagRequired"));
      if (!file && !clan) throw new Error(t("section.iconRequired"));
      const icon = file ? await uploadClanIcon(serverId, file) : clan!.icon;
      await saveClan(serverId, trimmed, icon);
      setFile(null);
      setFileInputKey((key) => key + 1);
      setNote(t("section.saved"));
    });
  };

  return (
    <section className="card clan-section stack" aria-label={t("section.title")} data-testid="clan-section">
      <h3>{t("section.title")}</h3>
      <p className="muted">{t("section.description")}</p>
      <div className="field">
        <span className="field__label">{t("section.current")}</span>
        {clan ? <ClanBadge clan={clan} /> : <p className="notice">{t("section.none")}</p>}
      </div>
      {!server.verified && <p className="notice">{t("section.notVerified")}</p>}
      {server.verified && !isOwner && <p className="notice">{t("section.notOwner")}</p>}
      {editable && (
        <form className="stack" onSubmit={save}>
          <label className="field" htmlFor={tagId}>
            <span className="field__label">{t("section.tag")}</span>
            <input id={tagId} className="field__input clan-section__tag" value={tag} maxLength={4} onChange={(event) => setTag(event.target.value)} />
          </label>
          <label className="field" htmlFor={iconId}>
            <span className="field__label">{t("section.icon")}</span>
            <input key={fileInputKey} id={iconId} type="file" accept="image/png,image/jpeg,image/gif,image/webp" onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
          </label>
          {file && <p className="muted">{t("section.iconChosen", { name: file.name })}</p>}
          {!file && clan && <img className="clan-section__icon" src={cdnUrl(clan.icon)} alt="" />}
          <div className="clan-section__row">
            {clan && (
              <Button
                variant="danger"
                loading={action === "delete"}
                disabled={action !== null}
                onClick={() =>
                  void run("delete", async () => {
                    await deleteClan(serverId);
                    setNote(t("section.deleted"));
                  })
                }
              >
                {t("section.delete")}
              </Button>
            )}
            <Button type="submit" variant="primary" loading={action === "save"} disabled={action !== null}>
              {t("section.save")}
            </Button>
          </div>
        </form>
      )}
      <FormError message={error} />
      {note && (
        <p className="muted" role="status">
          {note}
        </p>
      )}
    </section>
  );
}

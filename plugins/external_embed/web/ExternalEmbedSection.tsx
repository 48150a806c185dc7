/** Server settings › External embed (ADMIN, spec §6): create the widget from one of the server's
 * invites, show where its data lives, delete it. */
import { Button } from "@hearth/ui/Button";
import { FormError } from "@hearth/ui/form/FormError";
import { useNamedAction } from "@hearth/ui/form/useNamedAction";
import { PaneLoading } from "@hearth/ui/PaneLoading";
import { useCallback, useEffect, useId, useState } from "react";
import type { SettingsSectionProps } from "../../servers/web/public";
import { createEmbed, createInvite, deleteEmbed, embedJsonUrl, errorText, fetchEmbed, fetchInvites, isMissing, type ExternalEmbed, type InviteSummary } from "./embedApi";
import { t } from "./i18n";
import "./externalEmbed.css";

type Loaded =
  | { status: "loading" }
  | { status: "failed"; message: string }
  | { status: "ready"; embed: ExternalEmbed | null; invites: InviteSummary[] };

export default function ExternalEmbedSection({ serverId }: SettingsSectionProps) {
  const [loaded, setLoaded] = useState<Loaded>({ status: "loading" });
  const [code, setCode] = useState("");
  const { action, error, note, setNote, run } = useNamedAction<"create" | "invite" | "delete">((failure) => errorText(failure, t("errors.generic")));
  const [copied, setCopied] = useState(false);
  const selectId = useId();

  const load = useCallback(async () => {
    setLoaded({ status: "loading" });
    try {
      let embed: ExternalEmbed | null = null;
      try {
        embed = await fetchEmbed(serverId);
      } catch (failure) {
        if (!isMissing(failure)) throw failure;
      }
      const invites = embed ? [] : await fetchInvites(serverId);
      setLoaded({ status: "ready", embed, invites });
      setCode((current) => current || invites[0]?.code || "");
    } catch (failure) {
      setLoaded({ status: "failed", message: errorText(failure, t("errors.generic")) });
    }
  }, [serverId]);

  useEffect(() => {
    void load();
  }, [load]);

  if (loaded.status === "loading") return <PaneLoading label={t("section.loading")} />;
  if (loaded.status === "failed")
    return (
      <div className="stack">
        <FormError message={loaded.message} />
        <div>
          <Button onClick={() => void load()}>{t("section.retry")}</Button>
        </div>
      </div>
    );

  const { embed, invites } = loaded;
  const url = embedJsonUrl(serverId);
  const copy = () => {
    void navigator.clipboard?.writeText(url).then(() => {
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    });
  };

  return (
    <section className="card external-embed stack" aria-label={t("section.title")} data-testid="external-embed">
      <h3>{t("section.title")}</h3>
      <p className="muted">{t("section.description")}</p>
      {embed ? (
        <>
          <p className="badge badge--ok" data-testid="external-embed-status">
            {t("section.active", { code: embed.serverInviteCode ?? "" })}
          </p>
          <div className="field">
            <span className="field__label">{t("section.jsonUrl")}</span>
            <code className="external-embed__url" data-testid="external-embed-url">
              {url}
            </code>
          </div>
          <div className="external-embed__row">
            <a className="button button--secondary" href={url} target="_blank" rel="noreferrer noopener">
              {t("section.open")}
            </a>
            <Button onClick={copy}>{copied ? t("section.copied") : t("section.copy")}</Button>
            <Button
              variant="danger"
              loading={action === "delete"}
              disabled={action !== null}
              onClick={() =>
                void run("delete", async () => {
                  await deleteEmbed(serverId);
                  setNote(t("section.deleted"));
                  await load();
                })
              }
            >
              {t("section.delete")}
            </Button>
          </div>
        </>
      ) : (
        <>
          <p className="notice">{t("section.none")}</p>
          {invites.length > 0 ? (
            <label className="field" htmlFor={selectId}>
              <span className="field__label">{t("section.invite")}</span>
              <select id={selectId} className="field__input" value={code} onChange={(event) => setCode(event.target.value)}>
                {invites.map((invite) => (
                  <option key={invite.code} value={invite.code}>
                    {invite.code}
                  </option>
                ))}
              </select>
            </label>
          ) : (
            <p className="muted">{t("section.noInvites")}</p>
          )}
          <div className="external-embed__row">
            <Button
              loading={action === "invite"}
              disabled={action !== null}
              onClick={() =>
                void run("invite", async () => {
                  const invite = await createInvite(serverId);
                  setLoaded({ status: "ready", embed: null, invites: [invite, ...invites] });
                  setCode(invite.code);
                })
              }
            >
              {t("section.createInvite")}
            </Button>
            <Button
              variant="primary"
              loading={action === "create"}
              disabled={action !== null || !code}
              onClick={() =>
                void run("create", async () => {
                  await createEmbed(serverId, code);
                  await load();
                })
              }
            >
              {t("section.create")}
            </Button>
          </div>
        </>
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

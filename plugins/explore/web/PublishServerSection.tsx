/** Server settings › Publish server (ADMIN, spec §6): the explore listing's description, publish,
 * update, unpublish and bump. Only the owner may change the listing (rest.md §6.3). */
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import { Button } from "@hearth/ui/Button";
import { FormError } from "@hearth/ui/form/FormError";
import { useNamedAction } from "@hearth/ui/form/useNamedAction";
import { PaneLoading } from "@hearth/ui/PaneLoading";
import { useCallback, useEffect, useId, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { useServersStore, type SettingsSectionProps } from "../../servers/web/public";
import { bump, bumpWait, errorText, getServerListing, isNotListed, publishServer, unpublish } from "./exploreApi";
import { mergeListing, splitWait } from "./format";
import { t } from "./i18n";
import type { ExploreItem } from "./types";
import "./explore.css";

type Loaded = { status: "loading" } | { status: "failed"; message: string } | { status: "ready"; item: ExploreItem | null };

export default function PublishServerSection({ serverId }: SettingsSectionProps) {
  const server = useServersStore((state) => state.servers[serverId]);
  const selfId = useSelfUserStore((state) => state.user?.id);
  const owner = Boolean(server && selfId && server.createdById === selfId);
  const [loaded, setLoaded] = useState<Loaded>({ status: "loading" });
  const [description, setDescription] = useState("");
  const { action, error, note, setNote, run } = useNamedAction<"save" | "remove" | "bump">((failure) => errorText(failure, t("errors.generic")));
  const fieldId = useId();

  const load = useCallback(async () => {
    setLoaded({ status: "loading" });
    try {
      const item = await getServerListing(serverId);
      setLoaded({ status: "ready", item });
      setDescription(item.description);
    } catch (failure) {
      if (isNotListed(failure)) setLoaded({ status: "ready", item: null });
      else setLoaded({ status: "failed", message: errorText(failure, t("errors.generic")) });
    }
  }, [serverId]);

  useEffect(() => {
    void load();
  }, [load]);

  if (loaded.status === "loading") return <PaneLoading label={t("publish.loading")} />;
  if (loaded.status === "failed")
    return (
      <div className="stack">
        <FormError message={loaded.message} />
        <div>
          <Button onClick={() => void load()}>{t("page.retry")}</Button>
        </div>
      </div>
    );

  const item = loaded.item;
  const save = (event: FormEvent) => {
    event.preventDefault();
    void run("save", async () => {
      const saved = await publishServer(serverId, description);
      setLoaded({ status: "ready", item: item ? { ...item, ...saved } : saved });
      setNote(t("publish.saved"));
    });
  };
  const remove = () =>
    void run("remove", async () => {
      if (!item) return;
      await unpublish(item.id);
      setLoaded({ status: "ready", item: null });
      setNote(t("publish.removed"));
    });
  const bumpNow = () =>
    void run("bump", async () => {
      if (!item) return;
      setLoaded({ status: "ready", item: mergeListing(item, await bump(item.id)) });
    });
  const wait = item ? bumpWait(item) : 0;

  return (
    <div className="stack" data-testid="publish-server">
      <section className="card explore-section stack" aria-label={t("publish.title")}>
        <header>
          <h3>{t("publish.title")}</h3>
          <p className="muted">{t("publish.description")}</p>
          <span className={`badge ${item ? "badge--ok" : "badge--warn"}`} data-testid="publish-status">
            {item ? t("publish.statusListed") : t("publish.statusHidden")}
          </span>
        </header>
        {!owner && <p className="notice">{t("publish.ownerOnly")}</p>}
        <form className="stack" onSubmit={save} noValidate>
          <div className="field">
            <label className="field__label" htmlFor={fieldId}>
              {t("publish.field")}
            </label>
            <textarea
              id={fieldId}
              className="field__input"
              maxLength={150}
              value={description}
              disabled={!owner}
              onChange={(event) => setDescription(event.target.value)}
              aria-describedby={`${fieldId}-hint`}
            />
            <p id={`${fieldId}-hint`} className="field__hint">
              {t("publish.hint", { count: description.length })}
            </p>
          </div>
          <FormError message={error} />
          {note && (
            <p className="muted" role="status">
              {note}
            </p>
          )}
          <div className="explore-section__row">
            {item && (
              <Link to="/app/explore/servers" className="explore-section__link">
                {t("publish.view")}
              </Link>
            )}
            {item && owner && (
              <Button variant="danger" loading={action === "remove"} disabled={action !== null} onClick={remove}>
                {t("publish.unpublish")}
              </Button>
            )}
            {owner && (
              <Button type="submit" variant="primary" loading={action === "save"} disabled={action !== null || description.length === 0}>
                {item ? t("publish.update") : t("publish.publish")}
              </Button>
            )}
          </div>
        </form>
      </section>
      {item && (
        <section className="card explore-section stack" aria-label={t("publish.bumpTitle")}>
          <h3>{t("publish.bumpTitle")}</h3>
          <p className="muted">{t("publish.bumpDescription")}</p>
          <p data-testid="publish-bumps">{t("publish.stats", { week: item.bumpCount, lifetime: item.lifetimeBumpCount })}</p>
          <div className="explore-section__row">
            <Button loading={action === "bump"} disabled={action !== null || wait > 0} onClick={bumpNow}>
              {wait > 0 ? t("card.bumpWait", { time: t("card.wait", splitWait(wait)) }) : t("card.bump")}
            </Button>
          </div>
        </section>
      )}
    </div>
  );
}

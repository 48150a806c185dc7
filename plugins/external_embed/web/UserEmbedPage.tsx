/** /app/settings/external-embed: the signed-in user's public embed (rest.md §1.7–1.10): create
 * it, see where its data lives, delete it. */
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import { Button } from "@hearth/ui/Button";
import { FormError } from "@hearth/ui/form/FormError";
import { useNamedAction } from "@hearth/ui/form/useNamedAction";
import { PaneLoading } from "@hearth/ui/PaneLoading";
import { useCallback, useEffect, useState } from "react";
import { createUserEmbed, deleteUserEmbed, errorText, fetchUserEmbed, isMissing, userEmbedJsonUrl, type ExternalEmbed } from "./embedApi";
import { t } from "./i18n";
import "./externalEmbed.css";

type Loaded = { status: "loading" } | { status: "failed"; message: string } | { status: "ready"; embed: ExternalEmbed | null };

export default function UserEmbedPage() {
  const userId = useSelfUserStore((state) => state.user?.id);
  const [loaded, setLoaded] = useState<Loaded>({ status: "loading" });
  const { action, error, note, setNote, run } = useNamedAction<"create" | "delete">((failure) => errorText(failure, t("errors.generic")));

  const load = useCallback(async () => {
    if (!userId) return;
    setLoaded({ status: "loading" });
    try {
      setLoaded({ status: "ready", embed: await fetchUserEmbed(userId) });
    } catch (failure) {
      if (isMissing(failure)) setLoaded({ status: "ready", embed: null });
      else setLoaded({ status: "failed", message: errorText(failure, t("errors.generic")) });
    }
  }, [userId]);

  useEffect(() => {
    void load();
  }, [load]);

  if (!userId || loaded.status === "loading") return <PaneLoading label={t("user.loading")} />;

  const url = userEmbedJsonUrl(userId);
  return (
    <div className="user-embed-page">
      <section className="card external-embed stack" aria-label={t("user.title")} data-testid="user-external-embed">
        <h2>{t("user.title")}</h2>
        <p className="muted">{t("user.description")}</p>
        {loaded.status === "failed" ? (
          <div>
            <FormError message={loaded.message} />
            <Button onClick={() => void load()}>{t("section.retry")}</Button>
          </div>
        ) : loaded.embed ? (
          <>
            <p className="badge badge--ok" data-testid="user-embed-status">
              {t("user.active")}
            </p>
            <div className="field">
              <span className="field__label">{t("section.jsonUrl")}</span>
              <code className="external-embed__url" data-testid="user-embed-url">
                {url}
              </code>
            </div>
            <div className="external-embed__row">
              <a className="button button--secondary" href={url} target="_blank" rel="noreferrer noopener">
                {t("section.open")}
              </a>
              <Button
                variant="danger"
                loading={action === "delete"}
                disabled={action !== null}
                onClick={() =>
                  void run("delete", async () => {
                    await deleteUserEmbed();
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
            <p className="notice">{t("user.none")}</p>
            <div className="external-embed__row">
              <Button
                variant="primary"
                loading={action === "create"}
                disabled={action !== null}
                onClick={() =>
                  void run("create", async () => {
                    await createUserEmbed();
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
    </div>
  );
}

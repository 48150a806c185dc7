/** /app/settings/clan: which clan (of the servers you are in that have one) your profile wears. */
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import { Button } from "@hearth/ui/Button";
import { FormError } from "@hearth/ui/form/FormError";
import { useNamedAction } from "@hearth/ui/form/useNamedAction";
import { PaneLoading } from "@hearth/ui/PaneLoading";
import { useEffect, useId, useMemo, useState, type FormEvent } from "react";
import { errorText, useServersStore } from "../../servers/web/public";
import { ClanBadge } from "./ClanBadge";
import { fetchWornClan, wearClan, type Clan } from "./clansApi";
import { t } from "./i18n";
import { wornClanChanged } from "./wornClans";
import "./clans.css";

export default function WearClanPage() {
  const userId = useSelfUserStore((state) => state.user?.id);
  const servers = useServersStore((state) => state.servers);
  const withClans = useMemo(() => Object.values(servers).filter((server) => server.clan), [servers]);
  const [worn, setWorn] = useState<Clan | null | undefined>(undefined);
  const [choice, setChoice] = useState("");
  const { action, error, note, setNote, run } = useNamedAction<"load" | "save">((failure) => errorText(failure, t("errors.generic")));
  const selectId = useId();

  useEffect(() => {
    if (!userId) return;
    void run("load", async () => {
      const clan = await fetchWornClan(userId);
      setWorn(clan);
      setChoice(clan?.serverId ?? "");
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId]);

  if (!userId || (worn === undefined && !error)) return <PaneLoading label={t("wear.loading")} />;

  const save = (event: FormEvent) => {
    event.preventDefault();
    void run("save", async () => {
      const clan = await wearClan(choice || null);
      setWorn(clan);
      wornClanChanged(userId, clan); // the tag beside your name everywhere, before user:updatedSelf arrives
      setNote(t("wear.saved"));
    });
  };

  return (
    <div className="clan-page">
      <section className="card clan-section stack" aria-label={t("wear.title")} data-testid="wear-clan">
        <h2>{t("wear.title")}</h2>
        <p className="muted">{t("wear.description")}</p>
        {worn && <ClanBadge clan={worn} />}
        {withClans.length === 0 && !worn ? (
          <p className="notice">{t("wear.noClans")}</p>
        ) : (
          <form className="stack" onSubmit={save}>
            <label className="field" htmlFor={selectId}>
              <span className="field__label">{t("wear.choice")}</span>
              <select id={selectId} className="field__input" value={choice} onChange={(event) => setChoice(event.target.value)}>
                <option value="">{t("wear.noneOption")}</option>
                {withClans.map((server) => (
                  <option key={server.id} value={server.id}>
                    {`${server.clan!.tag} · ${server.name}`}
                  </option>
                ))}
              </select>
            </label>
            <div className="clan-section__row">
              <Button type="submit" variant="primary" loading={action === "save"} disabled={action !== null}>
                {t("wear.save")}
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
    </div>
  );
}

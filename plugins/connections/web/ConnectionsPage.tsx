/** /app/settings/connections: the services this server offers for linking, the user's linked
 * accounts with unlink, or, when the operator configured none, a plain word saying so. */
import { describeError } from "@hearth/api/requestErrors";
import { formatDate } from "@hearth/i18n/i18n";
import { SettingsCard, SettingsPage } from "@hearth/settings/area/SettingsPage";
import { Button } from "@hearth/ui/Button";
import { FormError } from "@hearth/ui/form/FormError";
import { useNamedAction } from "@hearth/ui/form/useNamedAction";
import { PaneLoading } from "@hearth/ui/PaneLoading";
import { useCallback, useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { fetchConnections, linkUrl, unlink } from "./connectionsApi";
import { connectionRemoved, setConnections, useConnections } from "./connectionsStore";
import { t } from "./i18n";
import type { LinkOutcome } from "./LinkReturnPage";
import type { Connection, Provider } from "./types";
import "./connections.css";

type Loaded = { status: "loading" } | { status: "failed"; message: string } | { status: "ready"; providers: Provider[] };

interface Row {
  id: string;
  name: string;
  provider: Provider | null; // null: linked, but no longer offered
  connection: Connection | null;
}

function rowsOf(providers: Provider[], connections: Connection[]): Row[] {
  const rows: Row[] = providers.map((provider) => ({
    id: provider.id,
    name: provider.name,
    provider,
    connection: connections.find((c) => c.provider === provider.id) ?? null,
  }));
  for (const connection of connections) {
    if (!providers.some((p) => p.id === connection.provider)) rows.push({ id: connection.provider, name: connection.provider, provider: null, connection });
  }
  return rows;
}

function useReturnedOutcome(): LinkOutcome | null {
  const location = useLocation();
  const navigate = useNavigate();
  const [outcome] = useState<LinkOutcome | null>(() => (location.state as LinkOutcome | null) ?? null);
  useEffect(() => {
    // shown once: a reload must not announce the link again
    if (location.state) navigate(location.pathname, { replace: true, state: null });
  }, [location.state, location.pathname, navigate]);
  return outcome;
}

export default function ConnectionsPage() {
  const connections = useConnections((state) => state.connections);
  const [loaded, setLoaded] = useState<Loaded>({ status: "loading" });
  const [opening, setOpening] = useState<string | null>(null);
  const returned = useReturnedOutcome();
  const { action, error, note, setNote, run } = useNamedAction<string>((failure) => describeError(failure) || t("failed"));

  const load = useCallback(async () => {
    setLoaded({ status: "loading" });
    try {
      const answer = await fetchConnections();
      setConnections(answer.connections);
      setLoaded({ status: "ready", providers: answer.providers });
    } catch (failure) {
      setLoaded({ status: "failed", message: describeError(failure) });
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    // back from the provider's page through the browser's page cache: the buttons work again
    const restored = (event: PageTransitionEvent) => event.persisted && setOpening(null);
    window.addEventListener("pageshow", restored);
    return () => window.removeEventListener("pageshow", restored);
  }, []);

  if (loaded.status === "loading") return <PaneLoading label={t("loading")} />;

  const rows = loaded.status === "ready" ? rowsOf(loaded.providers, connections) : [];
  const nameOf = (providerId: string) => rows.find((row) => row.id === providerId)?.name ?? providerId;
  const busy = action !== null || opening !== null;

  const startLink = (row: Row) =>
    void run(`link:${row.id}`, async () => {
      const url = await linkUrl(row.provider!);
      if (!/^https?:\/\//i.test(url)) throw new Error(t("failed"));
      setOpening(row.id);
      window.location.assign(url);
    });

  const removeLink = (row: Row) =>
    void run(`unlink:${row.id}`, async () => {
      await unlink(row.connection!);
      connectionRemoved({ connectionId: row.connection!.id });
      setNote(t("unlinked", { provider: row.name }));
    });

  return (
    <SettingsPage title={t("title")} description={t("description")} testId="settings-connections">
      {returned?.linked && (
        <p className="notice connections__outcome" role="status">
          {t("linked", { provider: nameOf(returned.linked.provider) })}
        </p>
      )}
      {returned?.failure && <FormError message={returned.failure} />}
      {loaded.status === "failed" ? (
        <SettingsCard title={t("services")}>
          <FormError message={loaded.message || t("loadFailed")} />
          <div>
            <Button onClick={() => void load()}>{t("retry")}</Button>
          </div>
        </SettingsCard>
      ) : rows.length === 0 ? (
        <SettingsCard title={t("noneTitle")}>
          <p className="muted" data-testid="connections-none">
            {t("none")}
          </p>
        </SettingsCard>
      ) : (
        <SettingsCard title={t("services")}>
          <ul className="connections__list">
            {rows.map((row) => (
              <li key={row.id} className="connections__row" data-testid={`connection-${row.id}`}>
                <div className="connections__text">
                  <span className="connections__name">{row.name}</span>
                  <span className="muted connections__status">{statusOf(row)}</span>
                </div>
                {row.connection ? (
                  <Button variant="danger" aria-label={t("unlinkProvider", { provider: row.name })} loading={action === `unlink:${row.id}`} disabled={busy} onClick={() => removeLink(row)}>
                    {t("unlink")}
                  </Button>
                ) : (
                  <Button variant="primary" aria-label={t("linkProvider", { provider: row.name })} loading={action === `link:${row.id}` || opening === row.id} disabled={busy} onClick={() => startLink(row)}>
                    {t("link")}
                  </Button>
                )}
              </li>
            ))}
          </ul>
          {opening && (
            <p className="muted" role="status">
              {t("opening", { provider: nameOf(opening) })}
            </p>
          )}
          <FormError message={error} />
          {note && (
            <p className="muted" role="status">
              {note}
            </p>
          )}
        </SettingsCard>
      )}
    </SettingsPage>
  );
}

function statusOf(row: Row): string {
  const { connection } = row;
  if (!connection) return t("notLinked");
  const date = formatDate(connection.connectedAt, { dateStyle: "medium" });
  const linked = connection.name ? t("linkedAs", { name: connection.name, date }) : t("linkedSince", { date });
  return row.provider ? linked : `${linked} · ${t("retired")}`;
}

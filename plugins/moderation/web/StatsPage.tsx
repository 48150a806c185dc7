/** /app/moderation/stats: the instance's totals and, per day, registrations, messages and active people. */
import { formatNumber } from "@hearth/i18n/i18n";
import { describeError } from "@hearth/api/requestErrors";
import { usePluginLoaded } from "@hearth/plugins/pluginStore";
import { FormError } from "@hearth/ui/form/FormError";
import { PaneLoading } from "@hearth/ui/PaneLoading";
import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import { t } from "./i18n";
import { dailyStats, stats } from "./moderationApi";
import { ModerationFrame } from "./ModerationFrame";
import type { DailyFigures, Stats } from "./types";

// Chart.js (~60 kB gzip) loads only with this page's charts.
const DailyChart = lazy(() => import("./DailyChart").then((module) => ({ default: module.DailyChart })));
const RANGES = [7, 30, 90] as const;

/** The instance's totals: servers and messages only where those plugins run. */
function Totals({ figures }: { figures: Stats }) {
  const servers = usePluginLoaded("servers");
  const messages = usePluginLoaded("messages");
  const cards = [
    { label: t("stats.users"), total: figures.totalRegisteredUsers, week: figures.weeklyRegisteredUsers },
    ...(servers ? [{ label: t("stats.servers"), total: figures.totalCreatedServers, week: null }] : []),
    ...(messages ? [{ label: t("stats.messages"), total: figures.totalCreatedMessages, week: figures.weeklyCreatedMessages }] : []),
  ];
  return (
    <div className="moderation-totals" data-testid="moderation-totals">
      {cards.map((card) => (
        <div key={card.label} className="card moderation-total">
          <span className="muted">{card.label}</span>
          <strong>{formatNumber(card.total)}</strong>
          {card.week !== null && <span className="muted">{t("stats.thisWeek", { count: card.week })}</span>}
        </div>
      ))}
    </div>
  );
}

export default function StatsPage() {
  const messages = usePluginLoaded("messages");
  const [figures, setFigures] = useState<Stats | null>(null);
  const [days, setDays] = useState<number>(30);
  const [daily, setDaily] = useState<DailyFigures[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    stats().then(setFigures, (failure: unknown) => setError(describeError(failure)));
  }, []);
  useEffect(() => {
    let active = true;
    setDaily(null);
    dailyStats(days).then(
      (body) => active && setDaily(body.days),
      (failure: unknown) => active && setError(describeError(failure)),
    );
    return () => {
      active = false;
    };
  }, [days]);

  const series = useMemo(() => {
    if (!daily) return null;
    return {
      labels: daily.map((day) => day.date.slice(5)),
      registrations: daily.map((day) => day.registrations),
      messages: daily.map((day) => day.messages),
      activeUsers: daily.map((day) => day.activeUsers),
    };
  }, [daily]);

  return (
    <ModerationFrame title={t("stats.title")}>
      <FormError message={error} />
      {figures ? <Totals figures={figures} /> : !error && <PaneLoading label={t("common.loading")} />}
      <div className="moderation-controls">
        <h3>{t("stats.daily", { days })}</h3>
        <label className="field">
          <span className="field__label">{t("stats.range")}</span>
          <select className="field__input" value={days} onChange={(event) => setDays(Number(event.target.value))}>
            {RANGES.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </label>
      </div>
      {!series && !error && <PaneLoading label={t("common.loading")} />}
      {series && (
        <Suspense fallback={<PaneLoading label={t("common.loading")} />}>
          <div className="moderation-charts">
            <DailyChart label={t("stats.registrations")} labels={series.labels} values={series.registrations} kind="bar" />
            {messages && (
              <>
                <DailyChart label={t("stats.dailyMessages")} labels={series.labels} values={series.messages} kind="bar" />
                <DailyChart label={t("stats.activeUsers")} labels={series.labels} values={series.activeUsers} kind="line" />
              </>
            )}
          </div>
          {messages && <p className="muted">{t("stats.activeHint")}</p>}
        </Suspense>
      )}
    </ModerationFrame>
  );
}

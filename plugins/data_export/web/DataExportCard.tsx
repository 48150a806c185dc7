/** Settings › Account › "Download your data": ask for a copy, follow its progress, download it. */
import { describeError } from "@hearth/api/requestErrors";
import { SettingsCard } from "@hearth/settings/area/SettingsPage";
import { Button } from "@hearth/ui/Button";
import { FormError } from "@hearth/ui/form/FormError";
import { useAction } from "@hearth/ui/useAction";
import { formatDateTime, formatFileSize } from "@hearth/ui/format";
import { useCallback, useEffect, useRef, useState } from "react";
import { downloadLink, getExportState, requestExport, type ExportState } from "./exportApi";
import { t } from "./i18n";
import "./dataExport.css";

const POLL_MS = 2000;

export function DataExportCard() {
  const [state, setState] = useState<ExportState | null>(null);
  const { busy, error, setError, act } = useAction();
  const card = useRef<HTMLDivElement>(null);

  const reload = useCallback(async () => {
    try {
      setState(await getExportState());
      setError(null);
    } catch (failure) {
      setError(describeError(failure));
    }
  }, [setError]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const status = state?.export?.status;
  const working = status === "queued" || status === "running";
  useEffect(() => {
    if (!working) return;
    const timer = window.setInterval(() => void reload(), POLL_MS);
    return () => window.clearInterval(timer);
  }, [working, reload]);

  // The mailed link opens this page with ?dataExport=<id>: bring the card into view.
  useEffect(() => {
    if (new URLSearchParams(window.location.search).has("dataExport")) card.current?.scrollIntoView({ block: "center" });
  }, []);


  const ask = () => act(async () => setState(await requestExport()));
  const download = (exportId: string) =>
    act(async () => {
      window.location.assign(await downloadLink(exportId));
    });

  const current = state?.export ?? null;
  const waitUntil = state?.nextAllowedAt ?? null;
  return (
    <div ref={card} className="data-export" data-testid="data-export">
      <SettingsCard title={t("title")} description={t("description")}>
        {state === null && !error && <p className="muted">{t("loading")}</p>}
        {current && working && (
          <div className="data-export__progress">
            <progress
              aria-label={t("progressLabel")}
              max={Math.max(current.partsTotal, 1)}
              value={status === "queued" ? undefined : current.partsDone}
            />
            <p className="muted" role="status">
              {status === "queued" ? t("queued") : t("running", { done: current.partsDone, total: current.partsTotal, rows: current.rowsDone })}
            </p>
            <p className="muted">{t("mailed")}</p>
          </div>
        )}
        {current && status === "ready" && (
          <div className="data-export__ready">
            <p role="status">{t("ready", { size: formatFileSize(current.size ?? 0), time: formatDateTime(current.expiresAt ?? 0) })}</p>
            <Button variant="primary" loading={busy} onClick={() => void download(current.id)}>
              {t("download")}
            </Button>
          </div>
        )}
        {status === "failed" && <p role="status">{t("failed")}</p>}
        {status === "expired" && <p className="muted">{t("expired")}</p>}
        <FormError message={error} />
        {state && !working && (
          <div className="data-export__actions">
            {waitUntil !== null && <p className="muted">{t("nextAllowed", { time: formatDateTime(waitUntil) })}</p>}
            <Button variant={status === "ready" ? "secondary" : "primary"} loading={busy && status !== "ready"} disabled={waitUntil !== null} onClick={() => void ask()}>
              {t("request")}
            </Button>
          </div>
        )}
      </SettingsCard>
    </div>
  );
}

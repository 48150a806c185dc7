/** Server settings → Export (the owner, or an instance admin): ask for the server's file, with or
 * without its history, watch it being written, then download it. */
import { describeError } from "@hearth/api/requestErrors";
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import { Button } from "@hearth/ui/Button";
import { FormError } from "@hearth/ui/form/FormError";
import { formatFileSize } from "@hearth/ui/format";
import { useBackgroundJob } from "@hearth/ui/useBackgroundJob";
import { useEffect, useState } from "react";
import { useServersStore, type SettingsSectionProps } from "../../servers/web/public";
import { t } from "./i18n";
import { askExport, downloadExport, getTransfer, serverExports } from "./transferApi";
import "./transfer.css";

const POLL_MS = 1000;
const ADMIN_BADGES = 1 | 2; // FOUNDER, ADMIN

export function ExportSection({ serverId }: SettingsSectionProps) {
  const ownerId = useServersStore((state) => state.servers[serverId]?.createdById);
  const self = useSelfUserStore((state) => state.user);
  const allowed = self !== null && self !== undefined && (self.id === ownerId || (self.badges & ADMIN_BADGES) !== 0);
  const { job, setJob, busy, error, setError, working, act } = useBackgroundJob(getTransfer, POLL_MS);
  const [history, setHistory] = useState(true);

  useEffect(() => {
    if (!allowed) return;
    serverExports(serverId)
      .then((jobs) => setJob(jobs[0] ?? null))
      .catch((failure) => setError(describeError(failure)));
  }, [allowed, serverId]);

  if (!allowed) return <p className="muted">{t("export.ownerOnly")}</p>;

  return (
    <section className="card server-transfer" data-testid="server-export">
      <h3>{t("export.title")}</h3>
      <p className="muted">{t("export.description")}</p>
      {!working && (
        <div className="server-transfer__row">
          <label className="server-transfer__check">
            <input type="checkbox" checked={history} onChange={(event) => setHistory(event.target.checked)} />
            <span>{t("export.history")}</span>
          </label>
          <Button variant="primary" loading={busy} onClick={() => void act(async () => setJob(await askExport(serverId, history)))}>
            {t("export.start")}
          </Button>
        </div>
      )}
      <FormError message={error} />
      {job && working && (
        <div className="server-transfer__progress">
          <progress aria-label={t("export.progressLabel")} />
          <p role="status">{job.status === "queued" ? t("export.queued") : t("export.running", { done: job.done })}</p>
        </div>
      )}
      {job?.status === "ready" && (
        <div className="server-transfer__row">
          <p role="status">{t("export.ready", { size: formatFileSize(job.size ?? 0) })}</p>
          <Button loading={busy} onClick={() => void act(() => downloadExport(job.id))}>
            {t("export.download")}
          </Button>
        </div>
      )}
      {job?.status === "failed" && <p role="status">{t("export.failed", { error: job.error ?? "" })}</p>}
    </section>
  );
}

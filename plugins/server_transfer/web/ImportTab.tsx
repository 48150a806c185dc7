/** The "Add a server" dialog → Import a server file: upload a Hearth server export, read what it
 * will make, confirm the people whose e-mail matches, then watch the server being made. */
import { Button } from "@hearth/ui/Button";
import { FormError } from "@hearth/ui/form/FormError";
import { useBackgroundJob } from "@hearth/ui/useBackgroundJob";
import { useState, type ChangeEvent } from "react";
import { useNavigate } from "react-router";
import { t } from "./i18n";
import { getTransfer, startImport, uploadServerFile, type ServerTransfer } from "./transferApi";
import "./transfer.css";

const POLL_MS = 1000;

function Plan({ job, confirmed, toggle }: { job: ServerTransfer; confirmed: Set<string>; toggle: (authorId: string) => void }) {
  const report = job.report;
  return (
    <div className="server-transfer__plan" data-testid="server-import-plan">
      <p>
        {t("import.summary", {
          server: report.server,
          roles: report.roles,
          channels: report.channels.length,
          categories: report.categories,
          messages: report.messages,
          authors: report.authors,
        })}
      </p>
      <p className="muted">{t("import.details", { attachments: report.attachments, reactions: report.reactions })}</p>
      <EmojisLeftOut items={report.itemsLeftOut?.emojis ?? []} />
      {report.matches.length > 0 && (
        <fieldset className="server-transfer__matches">
          <legend>{t("import.matchesTitle")}</legend>
          <p className="muted">{t("import.matchHint")}</p>
          {report.matches.map((match) => (
            <label key={match.authorId} className="server-transfer__check">
              <input type="checkbox" checked={confirmed.has(match.authorId)} onChange={() => toggle(match.authorId)} />
              <bdi>{t("import.matchLabel", { username: match.username, account: `${match.username}:${match.tag}` })}</bdi>
            </label>
          ))}
        </fieldset>
      )}
    </div>
  );
}

function EmojisLeftOut({ items }: { items: { name: string; reason: string }[] }) {
  if (items.length === 0) return null;
  return (
    <div className="server-transfer__left-out" data-testid="server-import-left-out">
      <p>{t("import.leftOut.title")}</p>
      <ul>
        {items.map((item, index) => (
          <li key={`${item.name}-${index}`}>
            <bdi>
              {item.reason === "limit"
                ? t("import.leftOut.limit", { name: item.name })
                : t("import.leftOut.picture", { name: item.name })}
            </bdi>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function ImportTab({ close }: { close: () => void }) {
  const navigate = useNavigate();
  const [file, setFile] = useState<File | null>(null);
  const { job, setJob, busy, error, working, act } = useBackgroundJob(getTransfer, POLL_MS);
  const [confirmed, setConfirmed] = useState<Set<string>>(new Set());

  const check = () =>
    file &&
    void act(async () => {
      const planned = await uploadServerFile(file);
      setConfirmed(new Set(planned.report.matches.map((match) => match.authorId)));
      setJob(planned);
    });

  const toggle = (authorId: string) =>
    setConfirmed((current) => {
      const next = new Set(current);
      if (!next.delete(authorId)) next.add(authorId);
      return next;
    });

  return (
    <div className="stack add-server__form server-transfer" data-testid="server-import">
      <p className="muted">{t("import.hint")}</p>
      {(!job || job.status === "planned") && (
        <div className="server-transfer__row">
          <label className="field">
            <span className="field__label">{t("import.choose")}</span>
            <input type="file" accept=".zip,application/zip" onChange={(event: ChangeEvent<HTMLInputElement>) => setFile(event.target.files?.[0] ?? null)} />
          </label>
          <Button disabled={!file} loading={busy && !job} onClick={check}>
            {busy && !job ? t("import.checking") : t("import.check")}
          </Button>
        </div>
      )}
      <FormError message={error} />
      {job?.status === "planned" && (
        <>
          <Plan job={job} confirmed={confirmed} toggle={toggle} />
          <div className="button-row button-row--end">
            <Button variant="primary" loading={busy} onClick={() => void act(async () => setJob(await startImport(job.id, [...confirmed])))}>
              {t("import.start")}
            </Button>
          </div>
        </>
      )}
      {job && working && (
        <div className="server-transfer__progress">
          <progress aria-label={t("import.progressLabel")} max={Math.max(job.total, 1)} value={job.status === "queued" ? undefined : job.done} />
          <p role="status">{job.status === "queued" ? t("import.queued") : t("import.running", { done: job.done, total: job.total })}</p>
        </div>
      )}
      {job?.status === "done" && job.serverId && (
        <div className="server-transfer__row">
          <p role="status">{t("import.done")}</p>
          <Button
            variant="primary"
            onClick={() => {
              close();
              navigate(`/app/servers/${job.serverId}`);
            }}
          >
            {t("import.open")}
          </Button>
        </div>
      )}
      {job?.status === "failed" && <p role="status">{t("import.failed", { error: job.error ?? "" })}</p>}
    </div>
  );
}

/** Pieces of both ways in: the dry run's report, the choice of what is uploaded, the progress. */
import type { ChangeEvent } from "react";
import { t } from "./i18n";
import type { DiscordImport, ImportSource } from "./importApi";

export function Plan({ job }: { job: DiscordImport }) {
  const report = job.report;
  return (
    <div className="discord-import__plan" data-testid="discord-import-plan">
      <h4>{t("planTitle")}</h4>
      <p>{t("planSummary", { channels: report.channels.length, categories: report.categories.length, messages: report.messages, authors: report.authors })}</p>
      <p className="muted">{t("planDetails", { attachments: report.attachments, reactions: report.reactions, pins: report.pins, replies: report.replies })}</p>
      {(report.attachmentsNotInArchive > 0 || report.skipped > 0) && <p className="muted">{t("planMissing", { count: report.attachmentsNotInArchive, skipped: report.skipped })}</p>}
      {(report.privateChannelsLeftOut ?? 0) > 0 && <p className="muted">{t("planPrivate", { count: report.privateChannelsLeftOut ?? 0 })}</p>}
      <ul className="discord-import__channels">
        {report.channels.map((channel, index) => (
          <li key={index}>
            <bdi>{channel.category ? `${channel.category} › ` : ""}#{channel.name}</bdi> · {channel.messages}
          </li>
        ))}
      </ul>
    </div>
  );
}

const SOURCES: ImportSource[] = ["dce", "package"];

function SourceChoice({ source, choose }: { source: ImportSource; choose: (source: ImportSource) => void }) {
  return (
    <fieldset className="discord-import__source">
      <legend>{t("source.legend")}</legend>
      {SOURCES.map((value) => (
        <label key={value} className="discord-import__source-option">
          <input type="radio" name="discord-import-source" value={value} checked={source === value} onChange={() => choose(value)} />
          <span>{t(`source.${value}`)}</span>
        </label>
      ))}
      {source === "package" && <p className="muted">{t("source.packageHint")}</p>}
    </fieldset>
  );
}

/** What kind of archive is uploaded, and the file itself. */
export function ArchiveChoice({ source, choose, pick }: { source: ImportSource; choose: (source: ImportSource) => void; pick: (file: File | null) => void }) {
  return (
    <>
      <SourceChoice source={source} choose={choose} />
      <label className="field">
        <span className="field__label">{t("choose")}</span>
        <input type="file" accept=".zip,application/zip" onChange={(event: ChangeEvent<HTMLInputElement>) => pick(event.target.files?.[0] ?? null)} />
      </label>
    </>
  );
}

export function Progress({ job }: { job: DiscordImport }) {
  return (
    <div className="discord-import__progress">
      <progress aria-label={t("progressLabel")} max={Math.max(job.messagesTotal, 1)} value={job.status === "queued" ? undefined : job.messagesDone} />
      <p role="status">{job.status === "queued" ? t("queued") : t("running", { done: job.messagesDone, total: job.messagesTotal })}</p>
    </div>
  );
}

/** Server settings → Import from Discord (the owner): upload an export, read the dry run, start
 * the import and watch it. */
import { describeError } from "@hearth/api/requestErrors";
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import { Button } from "@hearth/ui/Button";
import { FormError } from "@hearth/ui/form/FormError";
import { useBackgroundJob } from "@hearth/ui/useBackgroundJob";
import { useEffect, useState } from "react";
import { useServersStore, type SettingsSectionProps } from "../../servers/web/public";
import { claimLink, getImport, placeholders, serverImports, startImport, uploadExport, type ImportSource, type Placeholder } from "./importApi";
import { t } from "./i18n";
import { Plan, Progress, ArchiveChoice } from "./ImportParts";
import "./import.css";

const POLL_MS = 1000;

/** The imported authors, each with a one-time link for the real person to claim their messages. */
function Placeholders({ serverId }: { serverId: string }) {
  const [people, setPeople] = useState<Placeholder[]>([]);
  const [links, setLinks] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    placeholders(serverId)
      .then(setPeople)
      .catch((failure) => setError(describeError(failure)));
  }, [serverId]);
  const makeLink = async (id: string) => {
    try {
      const { url } = await claimLink(serverId, id);
      setLinks((current) => ({ ...current, [id]: url }));
    } catch (failure) {
      setError(describeError(failure));
    }
  };
  if (people.length === 0 && !error) return null;
  return (
    <div className="discord-import__people" data-testid="discord-import-people">
      <h4>{t("claim.listTitle")}</h4>
      <p className="muted">{t("claim.listHint")}</p>
      <FormError message={error} />
      <ul>
        {people.map((person) => (
          <li key={person.id}>
            <bdi>{person.username}</bdi>
            {links[person.id] ? (
              <input className="field__input" readOnly aria-label={t("claim.linkLabel", { name: person.username })} value={links[person.id]} onFocus={(event) => event.target.select()} />
            ) : (
              <Button onClick={() => void makeLink(person.id)}>{t("claim.makeLink")}</Button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function ImportSection({ serverId }: SettingsSectionProps) {
  const ownerId = useServersStore((state) => state.servers[serverId]?.createdById);
  const selfId = useSelfUserStore((state) => state.user?.id);
  const { job, setJob, busy, error, setError, working, act } = useBackgroundJob(getImport, POLL_MS);
  const [file, setFile] = useState<File | null>(null);
  const [source, setSource] = useState<ImportSource>("dce");
  const owner = ownerId !== undefined && ownerId === selfId;

  useEffect(() => {
    if (!owner) return;
    serverImports(serverId)
      .then((jobs) => setJob(jobs.find((found) => found.status !== "done" && found.status !== "failed") ?? jobs[0] ?? null))
      .catch((failure) => setError(describeError(failure)));
  }, [owner, serverId]);

  if (!owner) return <p className="muted">{t("ownerOnly")}</p>;

  return (
    <section className="card discord-import" data-testid="discord-import">
      <h3>{t("title")}</h3>
      <p className="muted">{t("description")}</p>
      {!working && (
        <div className="discord-import__upload">
          <ArchiveChoice source={source} choose={setSource} pick={setFile} />
          <Button disabled={!file} loading={busy} onClick={() => file && void act(async () => setJob(await uploadExport(serverId, file, source)))}>
            {busy ? t("checking") : t("check")}
          </Button>
        </div>
      )}
      <FormError message={error} />
      {job && job.status === "planned" && (
        <>
          <Plan job={job} />
          <Button variant="primary" loading={busy} onClick={() => void act(async () => setJob(await startImport(job.id)))}>
            {t("start")}
          </Button>
        </>
      )}
      {job && working && <Progress job={job} />}
      {job?.status === "done" && <p role="status">{t("done", { total: job.messagesDone, channels: job.channelsDone })}</p>}
      {job?.status === "done" && <Placeholders serverId={serverId} />}
      {job?.status === "failed" && <p role="status">{t("failed", { error: job.error ?? "" })}</p>}
    </section>
  );
}

/** The "Add a server" dialog → From Discord: a Discord data package (or an exporter's export)
 * into a server made for it in one step, then its progress and a way into the new server. */
import { Button } from "@hearth/ui/Button";
import { FormError } from "@hearth/ui/form/FormError";
import { useBackgroundJob } from "@hearth/ui/useBackgroundJob";
import { useState } from "react";
import { useNavigate } from "react-router";
import { t } from "./i18n";
import { getImport, importIntoNewServer, type ImportSource } from "./importApi";
import { Progress, ArchiveChoice } from "./ImportParts";
import "./import.css";

const POLL_MS = 1000;

export function NewServerTab({ close }: { close: () => void }) {
  const navigate = useNavigate();
  const { job, setJob, busy, error, working, act } = useBackgroundJob(getImport, POLL_MS);
  const [file, setFile] = useState<File | null>(null);
  const [source, setSource] = useState<ImportSource>("package");

  return (
    <div className="stack add-server__form discord-import" data-testid="discord-new-server">
      <p className="muted">{t("newServer.hint")}</p>
      {!job && (
        <div className="discord-import__upload">
          <ArchiveChoice source={source} choose={setSource} pick={setFile} />
          <Button variant="primary" disabled={!file} loading={busy} onClick={() => file && void act(async () => setJob(await importIntoNewServer(file, source)))}>
            {busy ? t("checking") : t("newServer.start")}
          </Button>
        </div>
      )}
      <FormError message={error} />
      {job && working && <Progress job={job} />}
      {job?.status === "done" && (
        <div className="button-row button-row--end">
          <p role="status">{t("done", { total: job.messagesDone, channels: job.channelsDone })}</p>
          <Button
            variant="primary"
            onClick={() => {
              close();
              navigate(`/app/servers/${job.serverId}`);
            }}
          >
            {t("newServer.open")}
          </Button>
        </div>
      )}
      {job?.status === "failed" && <p role="status">{t("failed", { error: job.error ?? "" })}</p>}
    </div>
  );
}

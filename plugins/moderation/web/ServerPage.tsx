/** /app/moderation/servers/{id}: a server's details; rename, verify, schedule deletion, pin. */
import { describeError } from "@hearth/api/requestErrors";
import { Button } from "@hearth/ui/Button";
import { FormError } from "@hearth/ui/form/FormError";
import { TextField } from "@hearth/ui/form/TextField";
import { useNamedAction } from "@hearth/ui/form/useNamedAction";
import { formatDateTime } from "@hearth/ui/format";
import { promptForPassword } from "@hearth/ui/modal/PasswordPrompt";
import { PaneLoading } from "@hearth/ui/PaneLoading";
import { useCallback, useEffect, useState } from "react";
import { Link, useParams } from "react-router";
import { useStaffLevel } from "./access";
import { askReason } from "./dialogs";
import { t } from "./i18n";
import { cancelServerDeletion, pinServer, scheduleServerDeletion, serverChannels, serverDetails, updateServer } from "./moderationApi";
import { ModerationFrame } from "./ModerationFrame";
import { ServerFlags, ServerIcon } from "./ServerRow";
import { openSuggestDialog, SERVER_SUGGESTIONS } from "./suggestDialog";
import type { ModChannel, ModServer } from "./types";

function EditForm({ server, onSaved }: { server: ModServer; onSaved: () => void }) {
  const [name, setName] = useState(server.name);
  const [verified, setVerified] = useState(Boolean(server.verified));
  const changed = name.trim() !== server.name || verified !== Boolean(server.verified);
  return (
    <form
      className="card moderation-section stack"
      onSubmit={(event) => {
        event.preventDefault();
        promptForPassword({
          title: t("server.edit"),
          message: t("common.passwordHint"),
          confirmLabel: t("server.save"),
          submit: async (password) => {
            await updateServer(server.id, password, {
              name: name.trim() !== server.name ? name.trim() : undefined,
              verified: verified !== Boolean(server.verified) ? verified : undefined,
            });
            onSaved();
          },
        });
      }}
    >
      <h3>{t("server.edit")}</h3>
      <TextField label={t("server.name")} value={name} maxLength={35} onChange={(event) => setName(event.target.value)} />
      <label className="checkbox">
        <input type="checkbox" checked={verified} onChange={(event) => setVerified(event.target.checked)} />
        {t("server.verifiedLabel")}
      </label>
      <div className="button-row button-row--end">
        <Button type="submit" variant="primary" disabled={!changed}>
          {t("server.save")}
        </Button>
      </div>
    </form>
  );
}

/** The server's text channels, each opening the channel-messages viewer (admins). */
function Channels({ serverId }: { serverId: string }) {
  const [channels, setChannels] = useState<ModChannel[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let active = true;
    serverChannels(serverId).then(
      (list) => active && setChannels(list),
      (failure: unknown) => active && setError(describeError(failure)),
    );
    return () => {
      active = false;
    };
  }, [serverId]);
  return (
    <section className="card moderation-section">
      <h3>{t("server.channels")}</h3>
      <FormError message={error} />
      {channels === null && !error && <PaneLoading label={t("common.loading")} />}
      {channels?.length === 0 && <p className="muted">{t("server.noChannels")}</p>}
      {channels && channels.length > 0 && (
        <ul className="moderation-plain-list" data-testid="moderation-channels">
          {channels.map((channel) => (
            <li key={channel.id}>
              <Link to={`/app/moderation/channels/${channel.id}`}># {channel.name ?? channel.id}</Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function ServerPage() {
  const serverId = useParams().serverId ?? "";
  const level = useStaffLevel();
  const [server, setServer] = useState<ModServer | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const actions = useNamedAction<"pin">(describeError);

  const load = useCallback(() => {
    serverDetails(serverId).then(setServer, (failure: unknown) => setError(describeError(failure)));
  }, [serverId]);
  useEffect(load, [load]);

  return (
    <ModerationFrame title={server?.name ?? t("servers.title")}>
      <Link to="/app/moderation">← {t("servers.title")}</Link>
      <FormError message={error ?? actions.error} />
      {server === undefined && !error && <PaneLoading label={t("server.loading")} />}
      {server === null && <p className="muted">{t("server.notFound")}</p>}
      {server && (
        <>
          <section className="card moderation-section moderation-profile">
            <ServerIcon server={server} size={64} />
            <div className="moderation-profile__main">
              <div className="moderation-row__flags">
                <ServerFlags server={server} />
              </div>
              <p className="muted">
                {t("servers.created", { date: formatDateTime(server.createdAt) })} ·{" "}
                {t("servers.members", { count: server._count?.serverMembers ?? 0 })}
              </p>
              {server.createdBy && (
                <p>
                  {t("server.owner")}:{" "}
                  <Link to={`/app/moderation/users/${server.createdBy.id}`}>
                    {server.createdBy.username}:{server.createdBy.tag}
                  </Link>
                </p>
              )}
              {server.scheduledForDeletion && (
                <p className="notice">{t("server.scheduledAt", { date: formatDateTime(server.scheduledForDeletion.scheduledAt) })}</p>
              )}
            </div>
          </section>
          {level === "mod" && (
            <section className="card moderation-section">
              <p className="muted">{t("server.modsSuggest")}</p>
              <div className="button-row">
                <Button
                  onClick={() =>
                    openSuggestDialog({ title: t("suggest.title", { target: server.name }), target: { serverId: server.id }, actions: SERVER_SUGGESTIONS })
                  }
                >
                  {t("suggest.button")}
                </Button>
              </div>
            </section>
          )}
          {level === "admin" && (
            <>
              <EditForm key={`${server.name}-${server.verified}`} server={server} onSaved={load} />
              <section className="card moderation-section">
                <div className="button-row">
                  {server.publicServer ? (
                    <Button
                      loading={actions.action === "pin"}
                      onClick={() =>
                        void actions.run("pin", async () => {
                          await pinServer(server.id, !server.publicServer?.pinnedAt);
                          load();
                        })
                      }
                    >
                      {server.publicServer.pinnedAt ? t("server.unpin") : t("server.pin")}
                    </Button>
                  ) : (
                    <span className="muted">{t("server.notListed")}</span>
                  )}
                  {server.scheduledForDeletion ? (
                    <Button
                      onClick={() =>
                        promptForPassword({
                          title: t("server.cancelSchedule"),
                          message: t("server.cancelScheduleText"),
                          confirmLabel: t("server.cancelSchedule"),
                          submit: async (password) => {
                            await cancelServerDeletion(server.id, password);
                            load();
                          },
                        })
                      }
                    >
                      {t("server.cancelSchedule")}
                    </Button>
                  ) : (
                    <Button
                      variant="danger"
                      onClick={() =>
                        askReason({
                          title: t("server.schedule"),
                          message: t("server.scheduleText"),
                          confirmLabel: t("server.scheduleConfirm"),
                          submit: async (password, reason) => {
                            await scheduleServerDeletion(server.id, password, reason);
                            load();
                          },
                        })
                      }
                    >
                      {t("server.schedule")}
                    </Button>
                  )}
                </div>
              </section>
              <Channels serverId={server.id} />
            </>
          )}
        </>
      )}
    </ModerationFrame>
  );
}

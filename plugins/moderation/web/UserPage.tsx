/** /app/moderation/users/{id}: a user's account, standing, sessions and servers, and the actions. */
import { describeError } from "@hearth/api/requestErrors";
import { usePluginLoaded } from "@hearth/plugins/pluginStore";
import { Avatar } from "@hearth/ui/Avatar";
import { Button } from "@hearth/ui/Button";
import { FormError } from "@hearth/ui/form/FormError";
import { formatDateTime } from "@hearth/ui/format";
import { promptForPassword } from "@hearth/ui/modal/PasswordPrompt";
import { PaneLoading } from "@hearth/ui/PaneLoading";
import { useCallback, useEffect, useState } from "react";
import { Link, useParams } from "react-router";
import { useStaffLevel, useUserActions } from "./access";
import { askReason, openEditUserDialog, openSuspendDialog } from "./dialogs";
import { t } from "./i18n";
import {
  editSuspension,
  editUser,
  liftShadowBan,
  shadowBanUsers,
  suspendUsers,
  unsuspendUsers,
  userDetails,
  usersWithSameIp,
  warnUsers,
} from "./moderationApi";
import { ModerationFrame } from "./ModerationFrame";
import { ServerRow } from "./ServerRow";
import { openSuggestDialog, USER_SUGGESTIONS } from "./suggestDialog";
import type { ModUser, UserDetails } from "./types";
import { UserFlags, UserRow } from "./UserRow";

const DEVICE_TYPES = ["user.browser", "user.desktop", "user.mobile"] as const;

function Standing({ user }: { user: UserDetails }) {
  if (!user.suspension && !user.shadowBan) return null;
  return (
    <section className="card moderation-section stack" data-testid="user-standing">
      {user.suspension && (
        <p className="notice moderation-notice--danger">
          <strong>{t("user.suspension")}</strong>{" "}
          {user.suspension.expireAt
            ? t("user.suspendedUntil", { date: formatDateTime(user.suspension.expireAt) })
            : t("user.suspendedForever")}
          {user.suspension.suspendBy ? ` · ${t("common.by", { name: user.suspension.suspendBy.username })}` : ""}
          {user.suspension.reason ? ` · ${user.suspension.reason}` : ""}
        </p>
      )}
      {user.shadowBan && (
        <p className="notice">
          <strong>{t("user.shadowBan")}</strong>
          {user.shadowBan.reason ? ` · ${user.shadowBan.reason}` : ""}
        </p>
      )}
    </section>
  );
}

function Actions({ user, reload }: { user: UserDetails; reload: () => void }) {
  const name = `${user.username}:${user.tag}`;
  const ids = [user.id];
  const may = useUserActions(user);
  return (
    <section className="card moderation-section">
      <h3>{t("user.actions")}</h3>
      {!may.sanction && <p className="muted">{t("user.founderNoSanctions")}</p>}
      {!may.edit && <p className="muted">{t("user.founderOnlyEdits")}</p>}
      <div className="button-row moderation-actions">
        {user.suspension ? (
          <>
            {may.sanction && (
              <Button
                onClick={() =>
                  openSuspendDialog({
                    title: t("dialog.editSuspensionTitle", { user: name }),
                    editing: true,
                    submit: async (password, { days, reason }) => {
                      await editSuspension(ids, password, { days, reason: reason || undefined });
                      reload();
                    },
                  })
                }
              >
                {t("user.editSuspension")}
              </Button>
            )}
            {may.lift && (
              <Button
                onClick={() =>
                  promptForPassword({
                    title: t("user.unsuspend"),
                    message: t("user.unsuspendText"),
                    confirmLabel: t("user.unsuspend"),
                    submit: async (password) => {
                      await unsuspendUsers(ids, password);
                      reload();
                    },
                  })
                }
              >
                {t("user.unsuspend")}
              </Button>
            )}
          </>
        ) : (
          may.sanction && (
            <Button
              variant="danger"
              onClick={() =>
                openSuspendDialog({
                  title: t("dialog.suspendTitle", { user: name }),
                  submit: async (password, options) => {
                    await suspendUsers(ids, password, options);
                    reload();
                  },
                })
              }
            >
              {t("user.suspend")}
            </Button>
          )
        )}
        {may.sanction && (
          <Button
            onClick={() =>
              askReason({
                title: t("dialog.warnTitle", { user: name }),
                message: t("dialog.warnText"),
                confirmLabel: t("dialog.warnConfirm"),
                submit: async (password, reason) => {
                  await warnUsers(ids, password, reason);
                  reload();
                },
              })
            }
          >
            {t("user.warn")}
          </Button>
        )}
        {user.shadowBan
          ? may.lift && (
              <Button
                onClick={() =>
                  promptForPassword({
                    title: t("user.liftShadowBan"),
                    message: t("user.liftShadowBanText"),
                    confirmLabel: t("user.liftShadowBan"),
                    submit: async (password) => {
                      await liftShadowBan(ids, password);
                      reload();
                    },
                  })
                }
              >
                {t("user.liftShadowBan")}
              </Button>
            )
          : may.sanction && (
              <Button
                variant="danger"
                onClick={() =>
                  askReason({
                    title: t("dialog.shadowTitle", { user: name }),
                    message: t("dialog.shadowText"),
                    confirmLabel: t("dialog.shadowConfirm"),
                    submit: async (password, reason) => {
                      await shadowBanUsers(ids, password, reason);
                      reload();
                    },
                  })
                }
              >
                {t("user.shadowBanAction")}
              </Button>
            )}
        {may.edit && (
          <Button
            onClick={() =>
              openEditUserDialog({
                title: t("dialog.editTitle", { user: name }),
                user: { username: user.username, tag: user.tag, email: user.account?.email },
                credentials: may.credentials,
                submit: async (password, changes) => {
                  await editUser(user.id, password, changes);
                  reload();
                },
              })
            }
          >
            {t("user.edit")}
          </Button>
        )}
      </div>
    </section>
  );
}

/** MODs may not act on users; they suggest an action for the admins instead. */
function SuggestSection({ user }: { user: UserDetails }) {
  const name = `${user.username}:${user.tag}`;
  return (
    <section className="card moderation-section">
      <p className="muted">{t("user.adminOnly")}</p>
      <div className="button-row">
        <Button onClick={() => openSuggestDialog({ title: t("suggest.title", { target: name }), target: { userId: user.id }, actions: USER_SUGGESTIONS })}>
          {t("suggest.button")}
        </Button>
      </div>
    </section>
  );
}

function SameIp({ userId }: { userId: string }) {
  const [users, setUsers] = useState<ModUser[] | null>(null);
  useEffect(() => {
    let active = true;
    usersWithSameIp(userId).then((list) => active && setUsers(list), () => active && setUsers([]));
    return () => {
      active = false;
    };
  }, [userId]);
  return (
    <section className="card moderation-section">
      <h3>{t("user.sameIp")}</h3>
      {users === null && <PaneLoading label={t("common.loading")} />}
      {users?.length === 0 && <p className="muted">{t("user.noSameIp")}</p>}
      {users && users.length > 0 && (
        <ul className="moderation-list">
          {users.map((other) => (
            <UserRow key={other.id} user={other} />
          ))}
        </ul>
      )}
    </section>
  );
}

export default function UserPage() {
  const userId = useParams().userId ?? "";
  const level = useStaffLevel();
  const servers = usePluginLoaded("servers"); // optional: no servers section without it
  const [user, setUser] = useState<UserDetails | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(() => {
    setError(null);
    userDetails(userId).then(setUser, (failure: unknown) => setError(describeError(failure)));
  }, [userId]);
  useEffect(load, [load]);

  return (
    <ModerationFrame title={user ? `${user.username}:${user.tag}` : t("users.title")}>
      <Link to="/app/moderation/users">← {t("users.title")}</Link>
      <FormError message={error} />
      {!user && !error && <PaneLoading label={t("user.loading")} />}
      {user && (
        <>
          <section className="card moderation-section moderation-profile">
            <Avatar user={user} size={64} />
            <div className="moderation-profile__main">
              <div className="moderation-row__flags">
                <UserFlags user={user} />
              </div>
              <dl className="moderation-facts">
                <dt>{t("users.joinedAt")}</dt>
                <dd>{user.joinedAt ? formatDateTime(user.joinedAt) : "—"}</dd>
                <dt>{t("user.badges")}</dt>
                <dd>{user.badges ?? 0}</dd>
                {user.account?.email !== undefined && (
                  <>
                    <dt>{t("user.email")}</dt>
                    <dd>{user.account.email}</dd>
                  </>
                )}
                {user.account && (
                  <>
                    <dt>{t("user.emailConfirmed")}</dt>
                    <dd>{user.account.emailConfirmed ? t("common.yes") : t("common.no")}</dd>
                    <dt>{t("user.suspensions")}</dt>
                    <dd>{user.account.suspendCount}</dd>
                    <dt>{t("user.warnings")}</dt>
                    <dd>{user.account.warnCount}</dd>
                  </>
                )}
              </dl>
            </div>
          </section>
          <Standing user={user} />
          {level === "admin" ? <Actions user={user} reload={load} /> : <SuggestSection user={user} />}
          <section className="card moderation-section">
            <h3>{t("user.devices")}</h3>
            {user.devices.length === 0 && <p className="muted">{t("user.noDevices")}</p>}
            <ul className="moderation-plain-list">
              {user.devices.map((device) => (
                <li key={device.id}>
                  {t("user.deviceType", {
                    type: t(DEVICE_TYPES[device.deviceType] ?? "user.browser"),
                    date: formatDateTime(device.lastSeenAt),
                  })}
                  {device.ipAddress ? ` · ${device.ipAddress}` : ""}
                </li>
              ))}
            </ul>
          </section>
          {servers && (
            <section className="card moderation-section">
              <h3>{t("user.servers")}</h3>
              {user.servers.length === 0 && <p className="muted">{t("user.noServers")}</p>}
              <ul className="moderation-list">
                {user.servers.map((server) => (
                  <ServerRow key={server.id} server={server} />
                ))}
              </ul>
            </section>
          )}
          <SameIp userId={user.id} />
        </>
      )}
    </ModerationFrame>
  );
}

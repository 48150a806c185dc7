/** Bans (BAN): who is banned, why and when; unban. */
import { Avatar } from "@hearth/ui/Avatar";
import { Button } from "@hearth/ui/Button";
import { formatDateTime } from "@hearth/ui/format";
import { useRequest } from "@hearth/ui/useRequest";
import { useState } from "react";
import { t } from "../i18n";
import { errorText, fetchBans, unban } from "../serversApi";
import type { ServerBan } from "../types";
import { ListState, SettingsCard } from "./ui";

function BanRow({ serverId, ban, onUnbanned }: { serverId: string; ban: ServerBan; onUnbanned: () => void }) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setPending(true);
    setError(null);
    try {
      await unban(serverId, ban.user.id);
      onUnbanned();
    } catch (failure) {
      setError(errorText(failure, t("errors.generic")));
      setPending(false);
    }
  };
  return (
    <li className="settings-list__row" data-testid="ban-row" data-user-id={ban.user.id}>
      <Avatar user={ban.user} size={32} />
      <span className="settings-list__name">
        {ban.user.username}
        <span className="muted">:{ban.user.tag}</span>
      </span>
      <span className="muted settings-list__meta">
        {ban.reason ? t("bans.reason", { reason: ban.reason }) : t("bans.noReason")} · {formatDateTime(ban.bannedAt)}
      </span>
      {error && <span className="form-error">{error}</span>}
      <Button loading={pending} onClick={() => void run()}>
        {t("bans.unban")}
      </Button>
    </li>
  );
}

export function BansSection({ serverId }: { serverId: string }) {
  const { data: bans = [], loading, error, reload, setData: setBans } = useRequest(() => fetchBans(serverId), [serverId], (failure) => errorText(failure, t("errors.generic")));

  return (
    <SettingsCard title={t("settings.sections.bans")} description={t("bans.hint")}>
      <ListState loading={loading} error={error} empty={bans.length === 0} emptyText={t("bans.empty")} retry={reload} />
      {!loading && bans.length > 0 && (
        <ul className="settings-list" data-testid="ban-list">
          {bans.map((ban) => (
            <BanRow key={ban.user.id} serverId={serverId} ban={ban} onUnbanned={() => setBans((current) => current?.filter((item) => item.user.id !== ban.user.id))} />
          ))}
        </ul>
      )}
    </SettingsCard>
  );
}

/**
 * The "Servers and channels" card of /app/settings/notifications: every server of the user with
 * its ping and sound modes, opened to change them and to give channels their own. The modes live
 * in the same store as each server's notifications settings, so a change shows in both at once.
 */
import { SettingsCard } from "@hearth/settings/area/SettingsPage";
import { useId, useMemo, useState, type ReactNode } from "react";
import { useShallow } from "zustand/react/shallow";
import { usePermissionSubject, useServerChannels } from "../hooks";
import { t } from "../i18n";
import { findModes, useNotificationSettings, serverDefaultPing } from "../notificationSettings";
import { canViewChannel } from "../permissions";
import { CATEGORY_TYPE, useServersStore } from "../serversStore";
import { modeLabel, ModesEditor } from "../settings/NotificationsSection";
import type { Server, ServerChannel } from "../types";
import { ServerAvatar } from "./ServerAvatar";
import "../settings/settings.css";

function Expander({ label, summary, children, testId, avatar }: { label: string; summary: string; children: () => ReactNode; testId: string; avatar?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <li className="notification-tree__item" data-testid={testId}>
      <div className="notification-tree__row">
        {avatar}
        <span className="notification-tree__text">
          <span className="notification-tree__name">{label}</span>
          <span className="muted notification-tree__summary">{summary}</span>
        </span>
        <button type="button" className="button button--secondary" aria-expanded={open} aria-controls={id} aria-label={t(open ? "notificationsCard.closeOf" : "notificationsCard.openOf", { name: label })} onClick={() => setOpen(!open)}>
          {open ? t("notificationsCard.close") : t("notificationsCard.open")}
        </button>
      </div>
      {open && (
        <div id={id} className="notification-tree__body">
          {children()}
        </div>
      )}
    </li>
  );
}

function ChannelRows({ serverId }: { serverId: string }) {
  const subject = usePermissionSubject(serverId);
  const all = useServerChannels(serverId);
  const settings = useNotificationSettings((state) => state.settings);
  const channels = useMemo(() => all.filter((channel: ServerChannel) => channel.type !== CATEGORY_TYPE && (!subject || canViewChannel(subject, channel))), [all, subject]);
  if (channels.length === 0) return <p className="muted">{t("channels.none")}</p>;
  return (
    <ul className="notification-tree notification-tree--channels">
      {channels.map((channel) => {
        const modes = findModes(settings, serverId, channel.id);
        const custom = modes.notificationPingMode !== null || modes.notificationSoundMode !== null;
        const summary = custom
          ? t("notificationsCard.summary", { ping: modeLabel(modes.notificationPingMode), sound: modeLabel(modes.notificationSoundMode) })
          : t("notifications.useDefault");
        return (
          <Expander key={channel.id} testId="notification-channel" label={`#${channel.name ?? ""}`} summary={summary}>
            {() => <ModesEditor serverId={serverId} channelId={channel.id} showCoupling={false} />}
          </Expander>
        );
      })}
    </ul>
  );
}

function ServerRow({ server }: { server: Server }) {
  const settings = useNotificationSettings((state) => state.settings);
  const serverDefault = useNotificationSettings((state) => serverDefaultPing(state.defaults, server.id));
  const modes = findModes(settings, server.id, null);
  const summary = t("notificationsCard.summary", { ping: modeLabel(modes.notificationPingMode ?? serverDefault), sound: modeLabel(modes.notificationSoundMode ?? 0) });
  return (
    <Expander testId="notification-server" label={server.name} summary={summary} avatar={<ServerAvatar server={server} size={32} />}>
      {() => (
        <>
          <ModesEditor serverId={server.id} channelId={null} showCoupling={false} />
          <h4 className="notification-tree__heading">{t("notifications.channelsTitle")}</h4>
          <ChannelRows serverId={server.id} />
        </>
      )}
    </Expander>
  );
}

export function ServerNotificationsCard() {
  const { servers, orderedServerIds } = useServersStore(useShallow((state) => ({ servers: state.servers, orderedServerIds: state.orderedServerIds })));
  const list = useMemo(() => {
    const ordered = orderedServerIds.map((id) => servers[id]).filter((server): server is Server => Boolean(server));
    const rest = Object.values(servers).filter((server) => !orderedServerIds.includes(server.id)).sort((a, b) => a.name.localeCompare(b.name));
    return [...ordered, ...rest];
  }, [servers, orderedServerIds]);

  return (
    <SettingsCard title={t("notificationsCard.title")} description={t("notificationsCard.hint")}>
      {list.length === 0 ? (
        <p className="muted">{t("notificationsCard.none")}</p>
      ) : (
        <>
          <ul className="notification-tree" data-testid="notification-servers">
            {list.map((server) => (
              <ServerRow key={server.id} server={server} />
            ))}
          </ul>
          <p className="muted">{t("notifications.coupling")}</p>
        </>
      )}
    </SettingsCard>
  );
}

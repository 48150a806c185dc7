/** A server text channel: the messages plugin's pane with the member's permissions. */
import { LayoutSlot } from "@hearth/app/layoutSlots";
import { EmojiText } from "@hearth/ui/emoji/Emoji";
import { formatDateTime } from "@hearth/ui/format";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { MessagePane, type MessagePermissions, type PublicUser } from "../../../messages/web/public";
import { usePermissionSubject, useSelfId } from "../hooks";
import { t } from "../i18n";
import { canSendInChannel, hasPermission, RolePermission } from "../permissions";
import { useServersStore } from "../serversStore";
import type { ServerChannel } from "../types";
import { markFirstVisit } from "../unread";
import { serverMentionSource } from "../mentionSource";
import { ChannelHeaderActions } from "./ChannelHeaderActions";
import { ChannelGlyph } from "./ChannelSidebar";
import { ScheduledDeletionBanner } from "./ScheduledDeletionBanner";

/** True while the mute lasts; re-renders when it ends. */
function useMutedUntil(muteExpireAt: number | null | undefined): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!muteExpireAt || muteExpireAt <= now) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(muteExpireAt - now + 50, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [muteExpireAt, now]);
  return muteExpireAt && muteExpireAt > now ? muteExpireAt : null;
}

export function ServerChannelView({ serverId, channel }: { serverId: string; channel: ServerChannel }) {
  const subject = usePermissionSubject(serverId);
  const members = useServersStore((state) => state.members[serverId]);
  const [searchParams] = useSearchParams();
  const selfId = useSelfId();
  const mutedUntil = useMutedUntil(selfId ? members?.[selfId]?.muteExpireAt : null);
  const name = channel.name ?? "";

  const allowed = subject ? canSendInChannel(subject, channel) : false;
  const send = allowed && mutedUntil === null;
  const manage = subject ? hasPermission(subject, RolePermission.MANAGE_CHANNELS) : false;
  const permissions = useMemo<MessagePermissions>(() => ({ send, pin: manage, manage }), [send, manage]);

  const findUser = useCallback((userId: string): PublicUser | undefined => members?.[userId]?.user, [members]);
  // `navigate` changes with every location: read when a `#channel` is opened, it leaves the mention
  // source (and so every message of the pane) the same from one channel to the next.
  const navigate = useNavigate();
  const latestNavigate = useRef(navigate);
  useLayoutEffect(() => {
    latestNavigate.current = navigate;
  });
  const mentions = useMemo(
    () =>
      serverMentionSource(serverId, (channelId) => {
        const target = useServersStore.getState().channels[channelId];
        if (target) void latestNavigate.current(`/app/servers/${encodeURIComponent(target.serverId)}/${encodeURIComponent(channelId)}`);
      }),
    [serverId],
  );

  useEffect(() => markFirstVisit(channel.id), [channel.id]);

  const intro = useMemo(
    () => (
      <div className="channel-intro">
        <span className="channel-intro__icon" aria-hidden="true">
          <ChannelGlyph channel={channel} />
        </span>
        <h2>{t("channel.introTitle", { name })}</h2>
        <p className="muted">{t("channel.introText", { name })}</p>
      </div>
    ),
    [channel, name],
  );

  return (
    <>
      <LayoutSlot name="headerTitle">
        <span className="channel-title" data-testid="channel-title">
          <ChannelGlyph channel={channel} />
          <EmojiText text={name} />
        </span>
      </LayoutSlot>
      <ChannelHeaderActions serverId={serverId} channelId={channel.id} />
      <div className="server-channel">
        <ScheduledDeletionBanner serverId={serverId} />
        <MessagePane
          channelId={channel.id}
          serverId={serverId}
          placeholderName={`#${name}`}
          findUser={findUser}
          mentions={mentions}
          intro={intro}
          permissions={permissions}
          initialMessageId={searchParams.get("messageId")}
        />
        {!send && (
          <p className="server-channel__readonly" role="status" data-testid="cannot-send">
            {mutedUntil !== null ? t("channel.muted", { until: formatDateTime(mutedUntil) }) : t("channel.readOnly")}
          </p>
        )}
      </div>
    </>
  );
}

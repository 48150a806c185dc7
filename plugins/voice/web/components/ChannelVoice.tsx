/**
 * A server text channel's call in the channel list (under its row: who is in it, speaking rings,
 * join or leave) and in its header (join or leave).
 */
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import { useShallow } from "zustand/react/shallow";
import { canJoinVoice, permissionSubject, useServersStore, type ChannelContributionProps } from "../../../servers/web/public";
import { calls } from "../engine/calls";
import { t } from "../i18n";
import { participantsOf, useVoiceStore } from "../voiceStore";
import { HeaderCallButton } from "./HeaderCallButton";
import { VoiceIcon } from "./icons";
import { ParticipantRow } from "./Participant";

function useMayJoin(serverId: string, channelId: string): boolean {
  const selfId = useSelfUserStore((state) => state.user?.id);
  return useServersStore((state) => {
    const subject = permissionSubject(state, serverId, selfId);
    const channel = state.channels[channelId];
    return Boolean(subject && channel && channel.type === 1 && canJoinVoice(subject, channel));
  });
}

function useInThisCall(channelId: string): boolean {
  return useVoiceStore((state) => state.call?.channelId === channelId);
}

export function ChannelVoiceExtra({ serverId, channelId }: ChannelContributionProps) {
  const participants = useVoiceStore(useShallow((state) => participantsOf(state, channelId)));
  const mayJoin = useMayJoin(serverId, channelId);
  const inCall = useInThisCall(channelId);
  const name = useServersStore((state) => state.channels[channelId]?.name ?? "");
  return (
    <>
      {mayJoin && !inCall && (
        <button
          type="button"
          className="voice-channel-join"
          aria-label={t("joinVoice", { name })}
          title={t("joinVoice", { name })}
          data-testid="voice-channel-join"
          onClick={() => void calls.join(channelId, serverId)}
        >
          <VoiceIcon name="speaker" size={16} />
        </button>
      )}
      {participants.length > 0 && (
        <ul className="voice-participants" aria-label={t("inCall", { count: participants.length })} data-testid="voice-participants">
          {participants.map((userId) => (
            <ParticipantRow key={userId} userId={userId} serverId={serverId} />
          ))}
        </ul>
      )}
    </>
  );
}

export function ChannelCallButton({ serverId, channelId }: ChannelContributionProps) {
  const mayJoin = useMayJoin(serverId, channelId);
  const inCall = useInThisCall(channelId);
  if (inCall) return <HeaderCallButton leave label={t("leave")} onClick={() => void calls.leave()} />;
  if (!mayJoin) return null;
  return <HeaderCallButton label={t("join")} testId="voice-header-join" onClick={() => void calls.join(channelId, serverId)} />;
}

/** Call from a conversation's header: call, join the call going on, or leave it. */
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import { useShallow } from "zustand/react/shallow";
import type { ConversationContributionProps } from "../../../inbox/web/public";
import { calls } from "../engine/calls";
import { t } from "../i18n";
import type { ConversationCallProps } from "../public";
import { participantsOf, useVoiceStore } from "../voiceStore";
import { HeaderCallButton } from "./HeaderCallButton";
import { SpeakingAvatar } from "./Participant";
import { usePerson } from "./people";

/** Any conversation's button (a DM's, and through `voiceSlots.callButton` a group's). */
export function CallButton({ channelId, name }: ConversationCallProps) {
  const selfId = useSelfUserStore((state) => state.user?.id);
  const participants = useVoiceStore(useShallow((state) => participantsOf(state, channelId)));
  const inCall = useVoiceStore((state) => state.call?.channelId === channelId);
  if (inCall) {
    return (
      <span className="voice-dm-call">
        {participants.map((userId) => (
          <SpeakingAvatar key={userId} userId={userId} size={24} />
        ))}
        <HeaderCallButton leave label={t("leave")} onClick={() => void calls.leave()} />
      </span>
    );
  }
  const ongoing = participants.some((userId) => userId !== selfId);
  const label = ongoing ? t("joinCallWith", { user: name }) : t("callUser", { user: name });
  return <HeaderCallButton ongoing={ongoing} label={label} testId="voice-dm-call" onClick={() => void calls.join(channelId)} />;
}

export function DmCallButton({ channelId, recipientId }: ConversationContributionProps) {
  const recipient = usePerson(recipientId);
  return <CallButton channelId={channelId} name={recipient.username} />;
}

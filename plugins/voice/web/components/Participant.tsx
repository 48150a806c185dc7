/** A participant's avatar with the speaking ring, and their name. */
import { Avatar } from "@hearth/ui/Avatar";
import { useVoiceStore } from "../voiceStore";
import { usePerson } from "./people";

export function SpeakingAvatar({ userId, serverId, size = 24 }: { userId: string; serverId?: string; size?: number }) {
  const person = usePerson(userId, serverId);
  const speaking = useVoiceStore((state) => Boolean(state.speaking[userId]));
  return (
    <span
      className={`voice-avatar${speaking ? " voice-avatar--speaking" : ""}`}
      data-testid="voice-avatar"
      data-user-id={userId}
      data-speaking={speaking || undefined}
      title={person.username}
    >
      <Avatar user={person} size={size} />
    </span>
  );
}

export function ParticipantRow({ userId, serverId }: { userId: string; serverId?: string }) {
  const person = usePerson(userId, serverId);
  return (
    <li className="voice-participant" data-testid="voice-participant" data-user-id={userId}>
      <SpeakingAvatar userId={userId} serverId={serverId} size={22} />
      <span className="voice-participant__name">{person.username}</span>
    </li>
  );
}

/** A DM call ringing for this user (with the ringtone the engine plays): accept or decline. */
import { Button } from "@hearth/ui/Button";
import { callEngine } from "../engine/instance";
import { t } from "../i18n";
import { useVoiceStore } from "../voiceStore";
import { SpeakingAvatar } from "./Participant";
import { usePerson } from "./people";

function Ringing({ channelId, callerId }: { channelId: string; callerId: string }) {
  const caller = usePerson(callerId);
  return (
    <div className="incoming-call" role="alertdialog" aria-label={t("incoming.title")} data-testid="incoming-call" data-channel-id={channelId}>
      <SpeakingAvatar userId={callerId} size={48} />
      <div className="incoming-call__text">
        <strong>{t("incoming.title")}</strong>
        <span>{t("incoming.from", { user: caller.username === "…" ? t("unknownUser") : caller.username })}</span>
      </div>
      <div className="incoming-call__actions">
        <Button variant="danger" onClick={() => callEngine.decline()} data-testid="incoming-decline">
          {t("incoming.decline")}
        </Button>
        <Button variant="primary" onClick={() => callEngine.accept()} data-testid="incoming-accept">
          {t("incoming.accept")}
        </Button>
      </div>
    </div>
  );
}

export function IncomingCall() {
  const incoming = useVoiceStore((state) => state.incoming);
  return incoming ? <Ringing channelId={incoming.channelId} callerId={incoming.callerId} /> : null;
}

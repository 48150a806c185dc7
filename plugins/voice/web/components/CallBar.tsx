/**
 * The call bar, at the top of the main pane on every page while in a call: where, how it is
 * going (joining, connected, reconnecting, calling), who is in it, and mute, deafen, settings
 * and leave. Also shows why a join failed.
 */
import { openPopover } from "@hearth/ui/popover/popoverStore";
import type { MouseEvent } from "react";
import { Link } from "react-router";
import { useShallow } from "zustand/react/shallow";
import { useServersStore } from "../../../servers/web/public";
import { keyLabel, useCallSettings } from "../callSettings";
import { callEngine } from "../engine/instance";
import { t } from "../i18n";
import { participantsOf, setDeafened, setMuted, setVoiceError, useVoiceStore, type OwnCall } from "../voiceStore";
import { voiceSlots } from "../public";
import { CallSettingsPanel } from "./CallSettingsPanel";
import { VoiceIcon, type VoiceIconName } from "./icons";
import { SpeakingAvatar } from "./Participant";
import { useDmRecipient } from "./people";

function usePlace(call: OwnCall): { name: string; to: string } {
  const channel = useServersStore((state) => (call.serverId ? state.channels[call.channelId] : undefined));
  const server = useServersStore((state) => (call.serverId ? state.servers[call.serverId] : undefined));
  const recipient = useDmRecipient(call.channelId);
  const places = voiceSlots.callPlaces.use();
  if (call.serverId) {
    return { name: `#${channel?.name ?? ""}${server ? ` · ${server.name}` : ""}`, to: `/app/servers/${call.serverId}/${call.channelId}` };
  }
  if (recipient) return { name: recipient.username, to: `/app/inbox/${call.channelId}` };
  // a conversation of another plugin's kind (a group DM) says where it is
  for (const place of places) {
    const found = place(call.channelId);
    if (found) return found;
  }
  return { name: "", to: `/app/inbox/${call.channelId}` };
}

function statusText(call: OwnCall, alone: boolean, calling: string): string {
  if (call.status === "connected" && alone && !call.serverId) return t("status.calling", { user: calling || t("unknownUser") });
  return t(`status.${call.status}`);
}

interface BarButtonProps {
  icon: VoiceIconName;
  label: string;
  onClick: (event: MouseEvent<HTMLButtonElement>) => void;
  /** A toggle: pressed shows it off (muted, deafened). */
  pressed?: boolean;
  danger?: boolean;
  testId?: string;
}

function BarButton({ icon, label, onClick, pressed, danger, testId }: BarButtonProps) {
  const classes = ["icon-button", "call-bar__button", pressed && "call-bar__button--off", danger && "call-bar__button--leave"];
  return (
    <button type="button" className={classes.filter(Boolean).join(" ")} aria-pressed={pressed} aria-label={label} title={label} data-testid={testId} onClick={onClick}>
      <VoiceIcon name={icon} />
    </button>
  );
}

/**
 * Everyone joins muted (spec §4): say so where it cannot be missed, with the way out one click
 * away. Shown whenever the microphone is muted (not while deafened, whose button says so).
 */
function MutedNotice({ onUnmute }: { onUnmute: () => void }) {
  return (
    <div className="call-bar__muted" role="status" data-testid="voice-muted-notice">
      <VoiceIcon name="micOff" />
      <span className="call-bar__muted-text">{t("muted.notice")}</span>
      <button type="button" className="button button--primary call-bar__unmute" data-testid="voice-unmute" onClick={onUnmute}>
        {t("muted.unmute")}
      </button>
    </div>
  );
}

function ActiveCall({ call }: { call: OwnCall }) {
  const participants = useVoiceStore(useShallow((state) => participantsOf(state, call.channelId)));
  const { muted, deafened, transmitting } = useVoiceStore(useShallow(({ muted, deafened, transmitting }) => ({ muted, deafened, transmitting })));
  const { inputMode, pttKeys } = useCallSettings(useShallow(({ inputMode, pttKeys }) => ({ inputMode, pttKeys })));
  const place = usePlace(call);
  const alone = participants.length <= 1;

  const openSettings = (anchor: DOMRect) =>
    openPopover({ anchor, label: t("settings.title"), placement: "below", render: () => <CallSettingsPanel /> });

  return (
    <div className={`call-bar call-bar--${call.status}`} role="region" aria-label={t("status.connected")} data-testid="call-bar" data-status={call.status} data-mode={call.mode ?? undefined}>
      <div className="call-bar__where">
        <span className="call-bar__status" data-testid="call-status">
          {call.status !== "connected" && <span className="spinner" aria-hidden="true" />}
          {statusText(call, alone, place.name)}
        </span>
        <Link className="call-bar__place" to={place.to}>
          {place.name}
          {call.mode && <span className="call-bar__mode"> · {t(`mode.${call.mode}`)}</span>}
        </Link>
      </div>
      <div className="call-bar__people">
        {participants.map((userId) => (
          <SpeakingAvatar key={userId} userId={userId} serverId={call.serverId} size={28} />
        ))}
      </div>
      {muted && !deafened && <MutedNotice onUnmute={() => setMuted(false)} />}
      {inputMode === "PUSH_TO_TALK" && !muted && (
        <span className={`call-bar__ptt${transmitting ? " call-bar__ptt--on" : ""}`}>
          {pttKeys.length ? t("controls.pushToTalk", { key: keyLabel(pttKeys[0]!) }) : t("controls.noPushToTalkKey")}
        </span>
      )}
      <div className="call-bar__controls">
        <BarButton icon={muted ? "micOff" : "mic"} label={muted ? t("controls.unmute") : t("controls.mute")} pressed={muted} testId="voice-mute" onClick={() => setMuted(!muted)} />
        <BarButton
          icon={deafened ? "headphonesOff" : "headphones"}
          label={deafened ? t("controls.undeafen") : t("controls.deafen")}
          pressed={deafened}
          testId="voice-deafen"
          onClick={() => setDeafened(!deafened)}
        />
        <BarButton icon="cog" label={t("controls.settings")} onClick={(event) => openSettings(event.currentTarget.getBoundingClientRect())} />
        <BarButton icon="phoneOff" label={t("leave")} danger testId="voice-leave" onClick={() => void callEngine.leave()} />
      </div>
    </div>
  );
}

export function CallBar() {
  const call = useVoiceStore((state) => state.call);
  const error = useVoiceStore((state) => state.error);
  return (
    <>
      {call && <ActiveCall call={call} />}
      {error && (
        <div className="call-bar call-bar--error" role="alert" data-testid="voice-error">
          <span>{error}</span>
          <button type="button" className="icon-button" aria-label="×" onClick={() => setVoiceError(null)}>
            ×
          </button>
        </div>
      )}
    </>
  );
}

/**
 * The call bar and the incoming-call banner in the main pane: their code loads the first time
 * there is a call, an error or a ring to show, not on every page at start-up.
 */
import { lazyComponent } from "@hearth/ui/lazyComponent";
import { useVoiceStore } from "../voiceStore";

const LazyCallBar = lazyComponent(async () => (await import("./CallBar")).CallBar);
const LazyIncomingCall = lazyComponent(async () => (await import("./IncomingCall")).IncomingCall);

export function CallBarSlot() {
  const shown = useVoiceStore((state) => Boolean(state.call || state.error));
  return shown ? <LazyCallBar /> : null;
}

export function IncomingCallSlot() {
  const ringing = useVoiceStore((state) => Boolean(state.incoming));
  return ringing ? <LazyIncomingCall /> : null;
}

/** The microphone of the call: opened on join (or a device change), measured for voice activity. */
import { LevelMeter } from "./audioGraph";
import { levelDb } from "./voiceActivity";

const PROCESSING = { echoCancellation: true, noiseSuppression: true, autoGainControl: true };

/** Why a microphone could not be opened, as the settings page explains it. */
export type MicrophoneProblem = "unsupported" | "denied" | "missing" | "busy";

export function microphoneProblem(error: unknown): MicrophoneProblem {
  switch ((error as { name?: string })?.name) {
    case "NotSupportedError":
      return "unsupported";
    case "NotAllowedError":
    case "SecurityError":
      return "denied";
    case "NotFoundError":
    case "OverconstrainedError":
      return "missing";
    default:
      return "busy"; // NotReadableError, AbortError: the device is there but would not start
  }
}

export class Microphone {
  track: MediaStreamTrack | null = null;
  private stream: MediaStream | null = null;
  // Measured on a clone: the sent track is disabled while the gate is closed, and a disabled
  // track is silence to Web Audio — the gate would never open again.
  private measured: MediaStreamTrack | null = null;
  private meter: LevelMeter | null = null;

  /** Opens the chosen device (the default when it is gone); resolves with the new track, or
   * rejects when no microphone may be used. The previous track is stopped. */
  async open(deviceId: string | null): Promise<MediaStreamTrack> {
    // no mediaDevices outside a secure context (plain http other than localhost)
    if (!navigator.mediaDevices?.getUserMedia) throw new DOMException("no mediaDevices", "NotSupportedError");
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: deviceId ? { ...PROCESSING, deviceId: { exact: deviceId } } : PROCESSING });
    } catch (error) {
      if (!deviceId || (error as DOMException).name !== "OverconstrainedError") throw error;
      stream = await navigator.mediaDevices.getUserMedia({ audio: PROCESSING });
    }
    this.close();
    this.stream = stream;
    this.track = stream.getAudioTracks()[0] ?? null;
    if (!this.track) throw new Error("no audio track");
    this.measured = this.track.clone();
    this.measured.enabled = true;
    this.meter = new LevelMeter(new MediaStream([this.measured]));
    return this.track;
  }

  level(): number {
    return this.meter?.level(levelDb) ?? -160;
  }

  close(): void {
    this.meter?.close();
    this.stream?.getTracks().forEach((track) => track.stop());
    this.measured?.stop();
    this.meter = null;
    this.stream = null;
    this.track = null;
    this.measured = null;
  }
}

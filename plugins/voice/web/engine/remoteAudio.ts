/**
 * What the call plays: one hidden <audio> per remote stream (Chrome only lets WebRTC audio into
 * Web Audio once a media element plays it), each measured to tell who is speaking. Deafen mutes
 * them all; the chosen speaker is applied where the browser allows it (`setSinkId`).
 */
import { LevelMeter } from "./audioGraph";
import { levelDb, VoiceGate } from "./voiceActivity";

const SPEAKING_DB = -55;

interface Playing {
  element: HTMLAudioElement;
  meter: LevelMeter;
  gate: VoiceGate;
}

type SinkElement = HTMLAudioElement & { setSinkId?: (id: string) => Promise<void> };

export function canChooseOutput(): boolean {
  return typeof (HTMLMediaElement.prototype as SinkElement).setSinkId === "function";
}

export class RemoteAudio {
  private readonly playing = new Map<string, Playing>();
  private container: HTMLElement | null = null;
  private muted = false;
  private sink: string | null = null;

  /** Plays `stream` as `key` (a user id, or "slot:<n>" in server-side calls), replacing what played there. */
  attach(key: string, stream: MediaStream): void {
    this.detach(key);
    if (!this.container) {
      this.container = document.createElement("div");
      this.container.hidden = true;
      this.container.dataset.voiceAudio = "";
      document.body.appendChild(this.container);
    }
    const element = document.createElement("audio") as SinkElement;
    element.autoplay = true;
    element.muted = this.muted;
    element.srcObject = stream;
    element.dataset.key = key;
    if (this.sink && element.setSinkId) void element.setSinkId(this.sink).catch(() => undefined);
    this.container.appendChild(element);
    void element.play().catch(() => undefined);
    this.playing.set(key, { element, meter: new LevelMeter(stream), gate: new VoiceGate(300) });
  }

  detach(key: string): void {
    const found = this.playing.get(key);
    if (!found) return;
    found.meter.close();
    found.element.srcObject = null;
    found.element.remove();
    this.playing.delete(key);
  }

  /** Whether each stream is speaking now. */
  speaking(now: number): Map<string, boolean> {
    const result = new Map<string, boolean>();
    for (const [key, { meter, gate }] of this.playing) result.set(key, gate.update(meter.level(levelDb), SPEAKING_DB, now));
    return result;
  }

  setMuted(muted: boolean): void {
    this.muted = muted;
    for (const { element } of this.playing.values()) element.muted = muted;
  }

  setOutput(deviceId: string | null): void {
    this.sink = deviceId ?? "";
    for (const { element } of this.playing.values()) {
      const sinkElement = element as SinkElement;
      if (sinkElement.setSinkId) void sinkElement.setSinkId(this.sink).catch(() => undefined);
    }
  }

  clear(): void {
    for (const key of [...this.playing.keys()]) this.detach(key);
    this.container?.remove();
    this.container = null;
  }
}

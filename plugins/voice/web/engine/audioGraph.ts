/** The one AudioContext of the call (levels, ringtones), created on first use. */

type SinkContext = AudioContext & { setSinkId?: (id: string) => Promise<void> };

let context: SinkContext | null = null;
let output: string | null = null;

export function audioContext(): AudioContext | null {
  if (context) return context;
  const Context = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Context) return null;
  context = new Context();
  if (output) applyOutput();
  return context;
}

function applyOutput(): void {
  void context?.setSinkId?.(output ?? "").catch(() => undefined);
}

/** The chosen speaker for what Web Audio plays (the ringing), where the browser allows it. */
export function setAudioOutput(deviceId: string | null): void {
  if (deviceId === output) return;
  output = deviceId;
  applyOutput();
}

/** Browsers start audio suspended until a user gesture: call from a click. */
export function wakeAudio(): void {
  void audioContext()?.resume?.();
}

/** Level meter of a stream (dBFS, -160 when it cannot be measured). */
export class LevelMeter {
  private readonly source: MediaStreamAudioSourceNode | null = null;
  private readonly analyser: AnalyserNode | null = null;
  private readonly buffer: Float32Array<ArrayBuffer>;

  constructor(stream: MediaStream) {
    const audio = audioContext();
    this.buffer = new Float32Array(1024);
    if (!audio || stream.getAudioTracks().length === 0) return;
    try {
      this.source = audio.createMediaStreamSource(stream);
      this.analyser = audio.createAnalyser();
      this.analyser.fftSize = 1024;
      this.source.connect(this.analyser);
    } catch {
      this.source = null;
      this.analyser = null;
    }
  }

  level(measure: (samples: Float32Array) => number): number {
    if (!this.analyser) return -160;
    this.analyser.getFloatTimeDomainData(this.buffer);
    return measure(this.buffer);
  }

  close(): void {
    this.source?.disconnect();
    this.analyser?.disconnect();
  }
}

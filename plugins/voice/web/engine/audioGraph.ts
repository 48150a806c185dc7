/** The one AudioContext of the call (levels, ringtones), created on first use. */

let context: AudioContext | null = null;

export function audioContext(): AudioContext | null {
  if (context) return context;
  const Context = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Context) return null;
  context = new Context();
  return context;
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

/** The chosen microphone, opened while the settings are shown: for the meter and the test. */
import { useEffect, useState } from "react";
import { Microphone, microphoneProblem, type MicrophoneProblem } from "../engine/microphone";

export interface MicrophonePreview {
  /** The level now (dBFS): read it as often as the meter draws. */
  level: () => number;
  track: MediaStreamTrack | null;
  problem: MicrophoneProblem | null;
  /** Goes up each time a microphone opened (device names can be read from then on). */
  opened: number;
  retry: () => void;
}

const SILENT = () => -160;

/** Opens `deviceId` (null: the default) and stops every track of it when unmounted or changed. */
export function useMicrophonePreview(deviceId: string | null): MicrophonePreview {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<Omit<MicrophonePreview, "retry">>({ level: SILENT, track: null, problem: null, opened: 0 });

  useEffect(() => {
    const mic = new Microphone();
    let live = true;
    mic.open(deviceId).then(
      (track) => {
        if (!live) mic.close();
        else setState(({ opened }) => ({ level: () => mic.level(), track, problem: null, opened: opened + 1 }));
      },
      (error: unknown) => live && setState((before) => ({ ...before, level: SILENT, track: null, problem: microphoneProblem(error) })),
    );
    return () => {
      live = false;
      mic.close();
    };
  }, [deviceId, attempt]);

  return { ...state, retry: () => setAttempt((count) => count + 1) };
}

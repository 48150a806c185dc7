/** "Hear yourself": the chosen microphone played back through the chosen speaker, until stopped. */
import { Button } from "@hearth/ui/Button";
import { useEffect, useRef, useState } from "react";
import { useCallSettings } from "../callSettings";
import { wakeAudio } from "../engine/audioGraph";
import { t } from "../i18n";

type SinkElement = HTMLAudioElement & { setSinkId?: (id: string) => Promise<void> };

export function MicrophoneTest({ track }: { track: MediaStreamTrack | null }) {
  const outputDevice = useCallSettings((state) => state.outputDevice);
  const [testing, setTesting] = useState(false);
  const audio = useRef<SinkElement>(null);

  useEffect(() => {
    const element = audio.current;
    if (!testing || !track || !element) return;
    element.srcObject = new MediaStream([track]);
    if (element.setSinkId) void element.setSinkId(outputDevice ?? "").catch(() => undefined);
    void element.play().catch(() => undefined);
    return () => {
      element.pause();
      element.srcObject = null;
    };
  }, [testing, track, outputDevice]);

  const toggle = () => {
    wakeAudio();
    setTesting((on) => !on);
  };
  return (
    <div className="call-settings__row">
      <Button variant={testing ? "danger" : "primary"} disabled={!track} aria-pressed={testing} data-testid="mic-test" onClick={toggle}>
        {testing ? t("settings.testStop") : t("settings.testStart")}
      </Button>
      {testing && (
        <span className="call-settings__testing" role="status">
          {t("settings.testing")}
        </span>
      )}
      <audio ref={audio} hidden data-testid="mic-test-audio" />
    </div>
  );
}

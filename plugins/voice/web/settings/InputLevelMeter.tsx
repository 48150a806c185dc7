/**
 * The microphone's live level (Web Audio AnalyserNode) on a bar from -80 to -20 dB. In voice
 * activity mode a slider over the bar sets the threshold: the bar turns green when what it hears
 * would be sent. Left on the slider is more sensitive (quieter sounds count).
 */
import { useEffect, useState } from "react";
import { meterFraction, sensitivityForSlider, thresholdFor, thresholdSliderValue, updateCallSettings, useCallSettings } from "../callSettings";
import { t } from "../i18n";

const DRAW_EVERY_MS = 60;

function useLevel(read: () => number): number {
  const [level, setLevel] = useState(-160);
  useEffect(() => {
    const timer = setInterval(() => setLevel(read()), DRAW_EVERY_MS);
    return () => clearInterval(timer);
  }, [read]);
  return level;
}

export function InputLevelMeter({ readLevel, withThreshold }: { readLevel: () => number; withThreshold: boolean }) {
  const sensitivity = useCallSettings((state) => state.sensitivity);
  const level = useLevel(readLevel);
  const threshold = thresholdFor(sensitivity);
  const heard = withThreshold ? level >= threshold : level > -80;
  const rounded = Math.max(-160, Math.round(level));

  return (
    <div className="call-meter" data-testid="input-meter">
      <div
        className="call-meter__bar"
        role="meter"
        aria-label={t("settings.level")}
        aria-valuemin={-80}
        aria-valuemax={-20}
        aria-valuenow={Math.min(-20, Math.max(-80, rounded))}
        aria-valuetext={t("settings.decibels", { value: rounded })}
        data-level={rounded}
      >
        <span className={`call-meter__level${heard ? " call-meter__level--heard" : ""}`} style={{ inlineSize: `${meterFraction(level) * 100}%` }} />
      </div>
      {withThreshold && (
        <input
          className="call-meter__threshold"
          type="range"
          min={0}
          max={100}
          value={thresholdSliderValue(sensitivity)}
          aria-label={t("settings.threshold")}
          aria-valuetext={t("settings.decibels", { value: Math.round(threshold) })}
          data-testid="voice-threshold"
          onChange={(event) => updateCallSettings({ sensitivity: sensitivityForSlider(Number(event.target.value)) })}
        />
      )}
    </div>
  );
}

import { useEffect, useState } from "react";

const secondsUntil = (untilMs: number | null) =>
  untilMs === null ? 0 : Math.max(0, Math.ceil((untilMs - Date.now()) / 1000));

/** Whole seconds left until `untilMs` (epoch ms), ticking every second; 0 once reached. */
export function useCountdown(untilMs: number | null): number {
  const [seconds, setSeconds] = useState(() => secondsUntil(untilMs));

  useEffect(() => {
    setSeconds(secondsUntil(untilMs));
    if (untilMs === null) return;
    const timer = setInterval(() => {
      const left = secondsUntil(untilMs);
      setSeconds(left);
      if (left === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [untilMs]);

  return seconds;
}

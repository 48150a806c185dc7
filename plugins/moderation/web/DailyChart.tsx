/**
 * One per-day series drawn with Chart.js (only the bar and line parts are bundled). Colours come
 * from the theme's CSS variables, so the Default and AMOLED themes both read well.
 */
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Filler,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from "chart.js";
import { useEffect, useRef } from "react";

Chart.register(BarController, BarElement, CategoryScale, Filler, LinearScale, LineController, LineElement, PointElement, Tooltip);

function cssVariable(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

interface DailyChartProps {
  label: string;
  labels: string[];
  values: number[];
  kind: "bar" | "line";
}

export function DailyChart({ label, labels, values, kind }: DailyChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    if (!canvas.current) return;
    const accent = cssVariable("--accent", "#5865f2");
    const text = cssVariable("--text-muted", "#888");
    const grid = cssVariable("--border", "#333");
    const chart = new Chart(canvas.current, {
      type: kind,
      data: {
        labels,
        datasets: [{ label, data: values, backgroundColor: kind === "bar" ? accent : `${accent}33`, borderColor: accent, fill: kind === "line", tension: 0.25, pointRadius: 2 }],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: { tooltip: { intersect: false, mode: "index" } },
        scales: {
          x: { ticks: { color: text, maxRotation: 0, autoSkip: true, maxTicksLimit: 8 }, grid: { color: grid } },
          y: { beginAtZero: true, ticks: { color: text, precision: 0 }, grid: { color: grid } },
        },
      },
    });
    return () => chart.destroy();
  }, [label, labels, values, kind]);

  const total = values.reduce((sum, value) => sum + value, 0);
  return (
    <figure className="moderation-chart">
      <figcaption>{label}</figcaption>
      <div className="moderation-chart__canvas">
        <canvas ref={canvas} role="img" aria-label={`${label}: ${total}`} data-testid={`chart-${kind}`} />
      </div>
    </figure>
  );
}

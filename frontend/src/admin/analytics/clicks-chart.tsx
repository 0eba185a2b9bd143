import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from "chart.js";
import { useEffect, useRef } from "react";

// Only the pieces a bar chart needs, so the admin chunk carries no more of Chart.js than that.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

export interface DayClicks {
  label: string;
  clicks: number;
}

/** Clicks per day as bars; the same figures are in a table beside it for screen readers. */
export function ClicksChart({ days, label, seriesLabel }: { days: DayClicks[]; label: string; seriesLabel: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, {
      type: "bar",
      data: {
        labels: days.map((day) => day.label),
        datasets: [
          { label: seriesLabel, data: days.map((day) => day.clicks), backgroundColor: "#9a345f", borderRadius: 6 },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
        plugins: { tooltip: { enabled: true } },
      },
    });
    return () => chart.destroy();
  }, [days, seriesLabel]);

  return (
    <div className="relative h-64 w-full">
      <canvas ref={canvas} role="img" aria-label={label} data-testid="clicks-chart" />
    </div>
  );
}

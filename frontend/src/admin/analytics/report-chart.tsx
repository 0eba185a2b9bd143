import {
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from "chart.js";
import { useEffect, useRef } from "react";

// Only the pieces a line chart needs, so the admin chunk carries no more of Chart.js than that.
Chart.register(LineController, LineElement, PointElement, CategoryScale, LinearScale, Tooltip, Legend);

export interface ChartSeries {
  label: string;
  values: number[];
  color: string;
}

/** Views, visitors and clicks over the range as lines; the same figures are in a table for screen readers. */
export function ReportChart({ labels, series, label }: { labels: string[]; series: ChartSeries[]; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, {
      type: "line",
      data: {
        labels,
        datasets: series.map((line) => ({
          label: line.label,
          data: line.values,
          borderColor: line.color,
          backgroundColor: line.color,
          pointRadius: labels.length > 60 ? 0 : 2,
          tension: 0.25,
        })),
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        interaction: { mode: "index", intersect: false },
        scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
        plugins: { legend: { position: "bottom" }, tooltip: { enabled: true } },
      },
    });
    return () => chart.destroy();
  }, [labels, series]);

  return (
    <div className="relative h-64 w-full">
      <canvas ref={canvas} role="img" aria-label={label} data-testid="report-chart" />
    </div>
  );
}

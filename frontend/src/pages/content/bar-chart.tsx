import { barPercent, charts, formatChartValue, type ChartName } from "../../content/figures.js";
import { useCopy } from "../../i18n/use-lang.js";
import type { BlockCopy } from "../../content/content-page.js";

function text(copy: BlockCopy, key: string): string | undefined {
  const value = copy[key];
  return typeof value === "string" ? value : undefined;
}

/**
 * A chart as plain HTML: each row is a list item that reads "label: value", the bar beside it is
 * decoration. Server-rendered, no script, readable by screen readers and without CSS.
 */
export function BarChart({ name, copy, id }: { name: ChartName; copy: BlockCopy; id?: string }) {
  const { lang } = useCopy();
  const chart = charts[name];
  const labels = Array.isArray(copy.labels) ? copy.labels : [];
  const title = text(copy, "title");
  const caption = text(copy, "caption");
  const highlight = Number(text(copy, "highlight") ?? 0);
  return (
    <figure
      id={id}
      data-figure={name}
      className="my-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      aria-labelledby={id ? `${id}-title` : undefined}
    >
      {title && (
        <p id={id ? `${id}-title` : undefined} className="text-lg font-bold text-slate-900">
          {title}
        </p>
      )}
      <ul className="mt-4 space-y-3">
        {chart.values.map((value, index) => (
          <li key={index} className="grid grid-cols-[minmax(6rem,9rem)_1fr] items-center gap-3 text-sm">
            <span className="font-medium text-slate-700">{labels[index] ?? ""}</span>
            <span className="flex items-center gap-2">
              <span
                aria-hidden="true"
                className={`block h-6 rounded-md ${index === highlight ? "bg-wine-700" : "bg-wine-300"}`}
                style={{ width: `${barPercent(chart, value) * 0.8}%` }}
              />
              <span className="font-semibold whitespace-nowrap text-slate-900" data-value={value}>
                <span className="sr-only">: </span>
                {formatChartValue(chart.unit, value, lang)}
              </span>
            </span>
          </li>
        ))}
      </ul>
      {caption && <figcaption className="mt-4 text-sm text-slate-500">{caption}</figcaption>}
    </figure>
  );
}

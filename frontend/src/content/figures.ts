/**
 * The numbers the guides draw as charts. They live here once, so the English and Spanish pages can
 * never disagree; each page's file supplies only the words around them.
 */

export interface ChartRow {
  value: number;
  /** How the value is written next to its bar. */
  display: string;
}

export interface Chart {
  rows: ChartRow[];
  /** Bars are scaled logarithmically when the values span orders of magnitude. */
  scale: "linear" | "log";
}

export const charts = {
  /** Typical NAD+ level relative to age 20, at ages 20, 40, 60 and 80. */
  "nad-decline": {
    scale: "linear",
    rows: [
      { value: 100, display: "100%" },
      { value: 75, display: "75%" },
      { value: 50, display: "50%" },
      { value: 25, display: "25%" },
    ],
  },
  /** Laboratory singlet-oxygen quenching relative to vitamin C: astaxanthin, vitamin E, beta-carotene, vitamin C. */
  "antioxidant-potency": {
    scale: "log",
    rows: [
      { value: 6000, display: "6000x" },
      { value: 100, display: "100x" },
      { value: 10, display: "10x" },
      { value: 1, display: "1x" },
    ],
  },
  /** Published studies, at least: astaxanthin, vitamin C, vitamin E, beta-carotene. */
  "study-counts": {
    scale: "log",
    rows: [
      { value: 400, display: "400+" },
      { value: 10000, display: "10,000+" },
      { value: 5000, display: "5,000+" },
      { value: 3000, display: "3,000+" },
    ],
  },
  /** Typical cost per year in US dollars: resveratrol, NMN, quercetin, curcumin. */
  "annual-cost": {
    scale: "linear",
    rows: [
      { value: 540, display: "$540" },
      { value: 1800, display: "$1,800" },
      { value: 390, display: "$390" },
      { value: 420, display: "$420" },
    ],
  },
} as const satisfies Record<string, Chart>;

export type ChartName = keyof typeof charts;

export function isChartName(name: string): name is ChartName {
  return Object.hasOwn(charts, name);
}

/** Bar length as a percentage of the largest row. */
export function barPercent(chart: Chart, value: number): number {
  const max = Math.max(...chart.rows.map((row) => row.value));
  if (max <= 0) return 0;
  const share = chart.scale === "log" ? Math.log10(value + 1) / Math.log10(max + 1) : value / max;
  return Math.max(2, Math.round(share * 1000) / 10);
}

/**
 * The numbers the guides draw as charts. They live here once, so the English and Spanish pages can
 * never disagree; each page's file supplies only the words around them.
 */

import type { chartNames } from "@rsv/api/content-page";
import type { Lang } from "../routes.js";

/** How a value is written next to its bar: 75 %, 6000x, $1,800, 10,000+. */
export type ChartUnit = "percent" | "times" | "usd" | "atLeast";

export interface Chart {
  values: readonly number[];
  unit: ChartUnit;
  /** Bars are scaled logarithmically when the values span orders of magnitude. */
  scale: "linear" | "log";
}

export const charts = {
  /** Typical NAD+ level relative to age 20, at ages 20, 40, 60 and 80. */
  "nad-decline": {
    unit: "percent",
    scale: "linear",
    values: [100, 75, 50, 25],
  },
  /** Laboratory singlet-oxygen quenching relative to vitamin C: astaxanthin, vitamin E, beta-carotene, vitamin C. */
  "antioxidant-potency": {
    unit: "times",
    scale: "log",
    values: [6000, 100, 10, 1],
  },
  /** Published studies, at least: astaxanthin, vitamin C, vitamin E, beta-carotene. */
  "study-counts": {
    unit: "atLeast",
    scale: "log",
    values: [400, 10000, 5000, 3000],
  },
  /** Typical cost per year in US dollars: resveratrol, NMN, quercetin, curcumin. */
  "annual-cost": {
    unit: "usd",
    scale: "linear",
    values: [540, 1800, 390, 420],
  },
} as const satisfies Record<(typeof chartNames)[number], Chart>;

export type ChartName = keyof typeof charts;

export function isChartName(name: string): name is ChartName {
  return Object.hasOwn(charts, name);
}

const locales: Record<Lang, string> = { en: "en-US", es: "es-ES" };

export function formatChartValue(unit: ChartUnit, value: number, lang: Lang): string {
  const locale = locales[lang];
  switch (unit) {
    case "percent":
      return new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 0 }).format(value / 100);
    case "times":
      return `${value}x`;
    case "usd":
      return new Intl.NumberFormat(locale, { style: "currency", currency: "USD", maximumFractionDigits: 0 }).format(
        value,
      );
    case "atLeast":
      return `${new Intl.NumberFormat(locale).format(value)}+`;
  }
}

/** Bar length as a percentage of the largest value. */
export function barPercent(chart: Chart, value: number): number {
  const max = Math.max(...chart.values);
  if (max <= 0) return 0;
  const share = chart.scale === "log" ? Math.log10(value + 1) / Math.log10(max + 1) : value / max;
  return Math.max(2, Math.round(share * 1000) / 10);
}

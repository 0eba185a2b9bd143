import { existsSync, readFileSync, writeFileSync } from "node:fs";

/** One line of the bench's table. */
export interface Row {
  scenario: string;
  /** The site's figure, e.g. "4,210 req/s, p99 6.1 ms". */
  figure: string;
  ceiling: string;
  /** Site / ceiling, when there is a ceiling. */
  ratio: number | null;
  goal: string;
  /** null when the goal is a figure to state, not a bound. */
  met: boolean | null;
}

const number = (n: number) => Math.round(n).toLocaleString("en-US");
export const rate = (n: number, unit = "req/s") => `${number(n)} ${unit}`;
export const ms = (n: number) => `${n < 10 ? n.toFixed(1) : Math.round(n)} ms`;
const percent = (ratio: number | null) => (ratio === null ? "—" : `${(ratio * 100).toFixed(ratio < 0.1 ? 1 : 0)} %`);
const verdict = (met: boolean | null) => (met === null ? "stated" : met ? "yes" : "NO");

export function printTable(rows: Row[]): void {
  const cells = rows.map((r) => [r.scenario, r.figure, r.ceiling, percent(r.ratio), r.goal, verdict(r.met)]);
  const head = ["scenario", "figure", "ceiling", "ratio", "goal", "met?"];
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => c.map((v, i) => v.padEnd(widths[i]!)).join("  ");
  console.log(["", line(head), widths.map((w) => "-".repeat(w)).join("  "), ...cells.map(line), ""].join("\n"));
}

export function markdownTable(rows: Row[]): string {
  const escape = (s: string) => s.replace(/\|/g, "\\|");
  return [
    "| scenario | figure | ceiling, same run | ratio | goal | met? |",
    "|---|---|---|---|---|---|",
    ...rows.map(
      (r) =>
        `| ${[r.scenario, r.figure, r.ceiling, percent(r.ratio), r.goal, verdict(r.met)].map(escape).join(" | ")} |`,
    ),
  ].join("\n");
}

const START = "<!-- bench:start (written by make bench; edit outside these markers) -->";
const END = "<!-- bench:end -->";

/** Replaces the measured part of docs/performance.md, keeping what is written around it. */
export function writeReport(file: string, measured: string): void {
  const block = `${START}\n${measured.trim()}\n${END}`;
  const current = existsSync(file) ? readFileSync(file, "utf8") : "";
  const from = current.indexOf(START);
  const to = current.indexOf(END);
  const next =
    from >= 0 && to > from
      ? `${current.slice(0, from)}${block}${current.slice(to + END.length)}`
      : `# Performance\n\n${block}\n${current}`;
  writeFileSync(file, next);
}

/**
 * Lighthouse (mobile preset, simulated throttling) over the public pages of a running site, in both
 * languages: prints performance, accessibility, best practices and SEO with LCP, TBT and CLS, and the
 * goals they are held to.
 *
 *   make start                                      # in another terminal
 *   node --import tsx infra/bench/lighthouse.ts [base URL, default http://127.0.0.1:8080]
 *
 * Drives Debian's chromium (CHROMIUM_PATH, default /usr/bin/chromium); nothing is downloaded. Scores
 * move with the machine's load: on a shared machine run it when it is quiet.
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromiumFlags, chromiumPath } from "../../frontend/e2e/support/chromium.js";

const baseUrl = (process.argv[2] ?? "http://127.0.0.1:8080").replace(/\/+$/, "");

const goals = { performance: 95, accessibility: 98, "best-practices": 100, seo: 100, cls: 0.02 };
const categories = ["performance", "accessibility", "best-practices", "seo"] as const;

interface Row {
  path: string;
  scores: Record<(typeof categories)[number], number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Failed audits of the categories other than performance, by title. */
  failed: string[];
}

async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`);
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return (await response.json()) as T;
}

/** The pages measured: home, comparison, a review, an article and a guide, in English and Spanish. */
async function pagePaths(): Promise<string[]> {
  const [product] = await getJson<{ slug: string }[]>("/api/products?lang=en");
  const posts = await getJson<{ slug: string; translationSlug: string | null }[]>("/api/blog?published=true&lang=en");
  const post = posts.find((candidate) => candidate.translationSlug) ?? posts[0];
  if (!product || !post) throw new Error("the site has no product or no published post to measure");
  const paths = [
    "/",
    "/comparison",
    `/review/${product.slug}`,
    `/blog/${post.slug}`,
    "/longevity-guide",
    "/es",
    "/es/comparacion",
    `/es/resena/${product.slug}`,
    "/es/guia-longevidad",
  ];
  if (post.translationSlug) paths.splice(8, 0, `/es/investigacion/${post.translationSlug}`);
  return paths;
}

async function audit(port: number, path: string): Promise<Row> {
  const result = await lighthouse(`${baseUrl}${path}`, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: [...categories],
    formFactor: "mobile",
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const score = (id: (typeof categories)[number]) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const failed = categories
    .filter((id) => id !== "performance")
    .flatMap((id) => lhr.categories[id]?.auditRefs ?? [])
    .map((ref) => lhr.audits[ref.id])
    .filter((found) => found && found.score !== null && found.score < 1 && found.scoreDisplayMode !== "informative")
    .map((found) => `${found!.id} (${found!.title})`);
  return {
    path,
    scores: {
      performance: score("performance"),
      accessibility: score("accessibility"),
      "best-practices": score("best-practices"),
      seo: score("seo"),
    },
    lcpMs: numeric("largest-contentful-paint"),
    tbtMs: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    failed,
  };
}

function table(rows: Row[]): string {
  const lines = [
    "| page | performance | accessibility | best practices | SEO | LCP | TBT | CLS |",
    "|---|---|---|---|---|---|---|---|",
    ...rows.map(
      (row) =>
        `| \`${row.path}\` | ${row.scores.performance} | ${row.scores.accessibility} | ${row.scores["best-practices"]} | ` +
        `${row.scores.seo} | ${(row.lcpMs / 1000).toFixed(1)} s | ${Math.round(row.tbtMs)} ms | ${row.cls.toFixed(3)} |`,
    ),
    `| goal | ≥ ${goals.performance} | ≥ ${goals.accessibility} | ${goals["best-practices"]} | ${goals.seo} | | | ≤ ${goals.cls} |`,
  ];
  return lines.join("\n");
}

/** The audits that cost points outside performance, so a run says what to fix. */
function missed(row: Row): string[] {
  const out: string[] = [];
  for (const id of categories)
    if (id !== "performance" && row.scores[id] < goals[id]) out.push(`${id} ${row.scores[id]}`);
  if (row.cls > goals.cls) out.push(`CLS ${row.cls.toFixed(3)}`);
  if (out.length && row.failed.length) out.push(`failed audits: ${row.failed.join("; ")}`);
  return out;
}

async function main(): Promise<void> {
  const paths = await pagePaths();
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: chromiumFlags });
  const rows: Row[] = [];
  try {
    for (const path of paths) {
      const row = await audit(chrome.port, path);
      rows.push(row);
      const problems = missed(row);
      console.error(
        `${path}: performance ${row.scores.performance}${problems.length ? `; below goal: ${problems.join(", ")}` : ""}`,
      );
    }
  } finally {
    chrome.kill();
  }
  console.log(`Lighthouse ${new Date().toISOString().slice(0, 10)}, mobile preset, ${baseUrl}\n`);
  console.log(table(rows));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

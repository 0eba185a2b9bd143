import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, httpOk, run, startProcess, stopProcess, waitFor, type Started } from "../local/processes.js";
import { repoRoot, startTopology, type Topology } from "../local/topology.js";
import { startCeiling, type Ceiling } from "./ceiling.js";
import { closeBenchDbs, measureDrain, measureRawInsert, serverVersion, trackExactly } from "./events.js";
import { lpushCeiling, measureIngestAlone, trackRequest } from "./track-load.js";
import { measure, type LoadRequest, type LoadShape } from "./load.js";
import { linkCheckRow, measureLinkChecks } from "./link-check.js";
import { measureNewsletter, newsletterRow } from "./newsletter.js";
import { markdownTable, ms, printTable, rate, writeReport, type Row } from "./report.js";
import { measureReports } from "./reports.js";
import { benchAdmin, benchSettings, seedLargerCatalogue } from "./seed.js";

/**
 * make bench: the site next to this machine's ceiling, measured in one run. The local topology
 * (real nginx, one process per service, worker, PostgreSQL, Redis) with a larger catalogue, and
 * the embedded mode of make start; every scenario is a warm-up and BENCH_RUNS counted wrk runs of
 * BENCH_SECONDS against 127.0.0.1, the median reported beside the ceiling measured the same way.
 */

const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const runs = Number(process.env.BENCH_RUNS ?? 3);
const drainEvents = Number(process.env.BENCH_DRAIN_EVENTS ?? 100_000);
// Events per queued job in the drain: the producer's group commit put about 11 in each at the track
// scenario's 20 connections (jobs counted against 202 answers); 10 stays on the cautious side.
const drainPerJob = Number(process.env.BENCH_DRAIN_PER_JOB ?? 10);
const shape: LoadShape = { connections: 20, threads: 2, seconds, warmupSeconds: 1, runs };
// nginx serving a file settles at once: shorter runs are enough.
const ceilingShape: LoadShape = { ...shape, seconds: Math.max(2, Math.round(seconds / 2)) };
const settings = {
  ...benchSettings,
  // The topology's web process renders every request, so "uncached renders" are just that; pages
  // through the gateway are nginx's micro-cache either way. Embedded mode keeps its render cache.
  RENDER_CACHE_MS: "0",
};
const catalogue = { products: 50, posts: 30 };
const logDir = path.join(repoRoot, "test-results/bench");
mkdirSync(logDir, { recursive: true });

const rows: Row[] = [];
const notes: string[] = [];
const started = Date.now();
const log = (message: string) => console.log(`[bench ${Math.round((Date.now() - started) / 1000)}s] ${message}`);

const figure = (r: { rps: number; p50: number; p99: number; failures: number; requests: number }) =>
  r.requests === 0
    ? `no answer within ${seconds} s`
    : `${rate(r.rps)}, p50 ${ms(r.p50)}, p99 ${ms(r.p99)}${r.failures ? `, ${r.failures} failed` : ""}`;
/**
 * A scenario that stands on its own and fails leaves a row saying so: the run goes on, and the
 * report is still written (a run is long; one failure late in it no longer loses every figure).
 */
async function orFailedRow(scenario: string, work: () => Promise<void>) {
  try {
    await work();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    rows.push({
      scenario,
      figure: `did not complete: ${message.slice(0, 200)}`,
      ceiling: "—",
      ratio: null,
      goal: "—",
      met: false,
    });
    log(`${scenario} failed: ${message}`);
  }
}
/** A run that completed nothing, or failed requests, never meets a goal. */
const clean = (r: { failures: number; requests: number }) => r.requests > 0 && r.failures === 0;
// Analytics leaves out what bots send (isbot): the load looks like a browser.
const browser = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

/** The bytes a GET answers (uncompressed, as wrk asks), to serve as the ceiling. */
async function bytesOf(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers: { "accept-encoding": "identity", ...headers } });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

/** A GET scenario next to nginx serving the same bytes; `goal` gets the ratio and the figures. */
async function versusCeiling(
  ceiling: Ceiling,
  scenario: string,
  request: LoadRequest,
  goal: { text: string; met(ratio: number, r: { p99: number }): boolean },
) {
  const kind = request.url.includes("/api/") ? "json" : "html";
  const body = await bytesOf(request.url, request.headers);
  const site = await measure(request, shape);
  const top = await measure({ url: ceiling.add(scenario, body, kind) }, ceilingShape);
  const ratio = site.rps / top.rps;
  rows.push({
    scenario: `${scenario} (${Math.round(body.length / 1024)} KB)`,
    figure: figure(site),
    ceiling: rate(top.rps),
    ratio,
    goal: goal.text,
    met: clean(site) && goal.met(ratio, site),
  });
  log(`${scenario}: ${figure(site)} vs ${rate(top.rps)}`);
  return site;
}

const chatQuestions = [
  "David Sinclair protocol",
  "Best for longevity",
  "Compare the top products",
  "Which potency should I take?",
  "Protocolo de David Sinclair",
].map((message) => JSON.stringify({ message, conversationHistory: [] }));
// Page views per request of the batch row: the batch form's cap, what the beacon sends when views pile
// up (a burst of fast navigation, a backlog sent again after an outage). Not what a page usually sends:
// the beacon sends the first view after a quiet spell alone, and visitors rarely open two pages within
// its 2 s window, so nearly every real request carries one view, which is why the goal is on the
// single-event row.
const trackBatch = Number(process.env.BENCH_TRACK_BATCH ?? 20);

async function chatAndTrack(gateway: string) {
  const chat = await measure(
    { url: `${gateway}/api/chat`, method: "POST", bodies: chatQuestions, headers: json },
    shape,
  );
  const track = await measure(trackRequest(gateway, browser, 1), shape);
  const batch = await measure(trackRequest(gateway, browser, trackBatch), shape);
  return { chat, track, batch };
}
const json = { "content-type": "application/json" };

async function startEmbedded(): Promise<{ base: string; process: Started; dataDir: string }> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "rsv-bench-embedded-"));
  const child = startProcess("bench-embedded", process.execPath, ["--import", "tsx", "gateway/src/embedded.ts"], {
    cwd: repoRoot,
    logDir,
    // As make start runs it: its render cache on (RENDER_CACHE_MS left to its default).
    env: {
      ...settings,
      RENDER_CACHE_MS: "",
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: path.join(dataDir, "pglite"),
    },
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor("embedded server", () => httpOk(`${base}/api/site-settings`), 240_000);
  return { base, process: child, dataDir };
}

async function versions(databaseUrl: string) {
  const nginx = execFileSync("sh", ["-c", "nginx -v 2>&1"], { encoding: "utf8" }).trim();
  const redis = /v=([\d.]+)/.exec(execFileSync("redis-server", ["--version"], { encoding: "utf8" }))?.[1];
  return {
    node: process.version,
    nginx: nginx.replace(/^nginx version: /, ""),
    postgres: await serverVersion(databaseUrl),
    redis: redis ?? "?",
  };
}

async function main() {
  for (const tool of ["wrk", "redis-benchmark", "nginx"]) {
    await run("sh", ["-c", `command -v ${tool}`]).then(({ code }) => {
      if (code !== 0) throw new Error(`${tool} is missing: run \`bash infra/local/system-deps.sh bench\` as root`);
    });
  }
  log("starting the local topology and the embedded server");
  const embeddedStart = startEmbedded();
  let topology: Topology | undefined = await startTopology({ env: settings });
  const ceiling = await startCeiling(logDir);
  const cleanups: Array<() => Promise<void>> = [() => ceiling.stop()];
  try {
    const gw = topology.env.GATEWAY_URL!;
    const db = topology.env.DATABASE_URL!;
    const redis = topology.env.REDIS_URL!;
    const services = JSON.parse(topology.env.SERVICE_URLS!) as Record<string, string>;
    const facts = await versions(db);
    log(`seeding ${catalogue.products} products and ${catalogue.posts} posts`);
    const seeded = await seedLargerCatalogue(gw, benchAdmin, catalogue);
    const slug = ((await (await fetch(`${gw}/api/products`)).json()) as Array<{ slug: string }>)[0]!.slug;
    const pages = ["/", "/comparison", `/review/${slug}`, "/es/comparacion"];
    const bypass = { authorization: "Bearer bench-bypasses-the-cache" };

    log("gateway: API reads");
    await versusCeiling(
      ceiling,
      "GET /api/products, cacheable",
      { url: `${gw}/api/products` },
      {
        text: "≥ 90 %, p99 ≤ 10 ms",
        met: (ratio, r) => ratio >= 0.9 && r.p99 <= 10,
      },
    );
    const bypassGoal = {
      text: "≥ 15 %",
      met: (ratio: number) => ratio >= 0.15,
    };
    await versusCeiling(
      ceiling,
      "GET /api/products, cache bypassed",
      { url: `${gw}/api/products`, headers: bypass },
      bypassGoal,
    );
    await versusCeiling(
      ceiling,
      `GET /api/products/slug/{slug}, bypassed`,
      { url: `${gw}/api/products/slug/${slug}`, headers: bypass },
      bypassGoal,
    );
    await versusCeiling(
      ceiling,
      "GET /api/blog?published=true, bypassed",
      { url: `${gw}/api/blog?published=true`, headers: bypass },
      bypassGoal,
    );

    log("gateway: pages");
    for (const page of pages) {
      await versusCeiling(
        ceiling,
        `GET ${page} through the gateway`,
        { url: `${gw}${page}` },
        {
          text: "≥ 50 %",
          met: (ratio) => ratio >= 0.5,
        },
      );
    }
    log("web process: uncached renders, one at a time");
    for (const page of pages) {
      const r = await measure({ url: `${services.web}${page}` }, { ...shape, connections: 1, threads: 1 });
      rows.push({
        scenario: `render ${page} in the web process, uncached`,
        figure: `p50 ${ms(r.p50)}, p99 ${ms(r.p99)} (${rate(r.rps)} one at a time)`,
        ceiling: "—",
        ratio: null,
        goal: "p50 ≤ 20 ms",
        met: clean(r) && r.p50 <= 20,
      });
      log(`render ${page}: p50 ${ms(r.p50)}`);
    }

    log("track, chat and their ceilings");
    const one = await chatAndTrack(gw);
    const lpush = await lpushCeiling(redis, runs);
    const trackRatio = one.track.rps / lpush;
    rows.push({
      scenario: "POST /api/analytics/track through the gateway",
      figure: figure(one.track),
      ceiling: `${rate(lpush, "LPUSH/s")} (redis-benchmark)`,
      ratio: trackRatio,
      goal: "≥ 10,000 events/s, ≥ 12 %, p99 ≤ 15 ms",
      met: clean(one.track) && one.track.rps >= 10_000 && trackRatio >= 0.12 && one.track.p99 <= 15,
    });
    // What holds the single form back: the same load with the worker paused (it and PostgreSQL then
    // leave the two cores to nginx, the analytics service and Redis), the queue drained afterwards.
    const alone = await measureIngestAlone(trackRequest(gw, browser, 1), shape, redis);
    rows.push({
      scenario: "POST /api/analytics/track through the gateway, the worker paused (ingestion alone, drained after)",
      figure: figure(alone),
      ceiling: `${rate(lpush, "LPUSH/s")} (redis-benchmark)`,
      ratio: alone.rps / lpush,
      goal: "what the worker's share of the cores costs, stated",
      met: clean(alone) ? null : false,
    });
    rows.push({
      scenario: `POST /api/analytics/track/batch through the gateway, ${trackBatch} page views per request`,
      figure: `${rate(one.batch.rps * trackBatch, "events/s")} (${figure(one.batch)})`,
      ceiling: `${rate(lpush, "LPUSH/s")} (redis-benchmark)`,
      ratio: (one.batch.rps * trackBatch) / lpush,
      goal: "the batch form's capacity, stated",
      met: null,
    });
    const exact = await trackExactly(gw, db, 2000, 20, browser);
    rows.push({
      scenario: "track: rows after the drain = 202 answers",
      figure: `${exact.accepted.toLocaleString("en-US")} answered 202, ${exact.rows.toLocaleString("en-US")} rows (${JSON.stringify(exact.statuses)})`,
      ceiling: "—",
      ratio: null,
      goal: "equal",
      met: exact.rows === exact.accepted && exact.accepted > 0,
    });
    const exactBatches = await trackExactly(gw, db, 200, 20, browser, trackBatch);
    rows.push({
      scenario: `track, batches of ${trackBatch}: rows after the drain = events answered 202`,
      figure: `${exactBatches.accepted.toLocaleString("en-US")} events answered 202, ${exactBatches.rows.toLocaleString("en-US")} rows (${JSON.stringify(exactBatches.statuses)})`,
      ceiling: "—",
      ratio: null,
      goal: "equal",
      met: exactBatches.rows === exactBatches.accepted && exactBatches.accepted > 0,
    });
    rows.push({
      scenario: "POST /api/chat quick questions, 20 concurrent",
      figure: `p95 ${ms(one.chat.p95)}, ${rate(one.chat.rps)}${one.chat.failures ? `, ${one.chat.failures} failed` : ""}`,
      ceiling: "—",
      ratio: null,
      goal: "p95 ≤ 50 ms",
      met: clean(one.chat) && one.chat.p95 <= 50,
    });

    log(`worker drain of ${drainEvents.toLocaleString("en-US")} queued events, ${drainPerJob} per job`);
    const drain = await measureDrain(redis, db, drainEvents, drainPerJob);
    const raw = await measureRawInsert(db, drainEvents);
    rows.push({
      scenario: `worker drain of ${drainEvents.toLocaleString("en-US")} queued events (${drainPerJob} per job)`,
      figure: `${rate(drain.rowsPerSecond, "rows/s")} (${drain.seconds.toFixed(1)} s)`,
      ceiling: `${rate(raw.rowsPerSecond, "rows/s")} (multi-row insert)`,
      ratio: drain.rowsPerSecond / raw.rowsPerSecond,
      goal: "≥ 12,000 rows/s",
      met: drain.rowsPerSecond >= 12_000 && drain.rows === drainEvents,
    });
    log(`drain: ${Math.round(drain.rowsPerSecond)} rows/s, raw ${Math.round(raw.rowsPerSecond)} rows/s`);

    // Last on this topology: the generator empties analytics.events and fills it with a year of events.
    log("analytics reports over generated events");
    await orFailedRow("analytics reports over generated events", async () => {
      const reports = await measureReports(gw, db, benchAdmin, log);
      rows.push(...reports.rows);
      notes.push(...reports.notes);
    });
    await closeBenchDbs();
    await topology.stop();
    topology = undefined;

    log("embedded mode (make start)");
    const embedded = await embeddedStart;
    await seedLargerCatalogue(embedded.base, benchAdmin, catalogue);
    await versusCeiling(
      ceiling,
      "make start: GET /api/products",
      { url: `${embedded.base}/api/products` },
      {
        text: "≥ 25 %",
        met: (ratio) => ratio >= 0.25,
      },
    );
    for (const page of pages) {
      await versusCeiling(
        ceiling,
        `make start: GET ${page}`,
        { url: `${embedded.base}${page}` },
        {
          text: "≥ 20 %",
          met: (ratio) => ratio >= 0.2,
        },
      );
    }
    // Lighthouse's mobile preset on make start's pages: its own table, written to the report below the main one.
    log("lighthouse against embedded mode");
    const lighthouse = await run(process.execPath, ["--import", "tsx", "infra/bench/lighthouse.ts", embedded.base], {
      cwd: repoRoot,
    });
    console.log(lighthouse.output);
    const lighthouseTable = lighthouse.output.split("\n").filter((line) => line.startsWith("|"));
    const lighthouseReport =
      lighthouse.code === 0 && lighthouseTable.length > 2
        ? [
            "Lighthouse (the npm `lighthouse` package driving Debian's chromium, mobile preset) against the same run's `make start` server:",
            "",
            ...lighthouseTable,
          ]
        : [`Lighthouse did not complete in this run (exit ${lighthouse.code}); its output is in the bench's log.`];
    await stopProcess(embedded.process);

    log("two replicas of analytics and of chat");
    topology = await startTopology({ env: settings, replicas: { analytics: 2, chat: 2 } });
    await seedLargerCatalogue(topology.env.GATEWAY_URL!, benchAdmin, catalogue);
    const two = await chatAndTrack(topology.env.GATEWAY_URL!);
    for (const [name, a, b] of [
      ["track", one.track, two.track],
      ["chat", one.chat, two.chat],
    ] as const) {
      rows.push({
        scenario: `${name}: two replicas of analytics and chat vs one`,
        figure: `${rate(b.rps)} vs ${rate(a.rps)}, p95 ${ms(b.p95)} vs ${ms(a.p95)}`,
        ceiling: "one replica",
        ratio: b.rps / a.rps,
        goal: "the gain, stated",
        met: null,
      });
    }

    await topology.stop();
    topology = undefined;

    log("link check of 2,000 offers over 20 stand-in retailers");
    await orFailedRow("link check of 2,000 offers", async () => {
      const links = await measureLinkChecks(2000, 20);
      rows.push(linkCheckRow(links));
      log(`link check: ${Math.round(links.seconds)} s, at most ${links.maxPerHost} request at once per host`);
    });

    log("newsletter campaign to 10,000 subscribers over SMTP on loopback");
    await orFailedRow("newsletter campaign to 10,000 subscribers", async () => {
      const mail = await measureNewsletter(10_000, 10);
      rows.push(newsletterRow(mail));
      log(`newsletter: ${Math.round(mail.perSecond)} messages/s, peak RSS ${Math.round(mail.peakRssMb)} MB`);
    });

    printTable(rows);
    const date = new Date().toISOString().slice(0, 16).replace("T", " ");
    writeReport(
      path.join(repoRoot, "docs/performance.md"),
      [
        `Measured by \`make bench\` on ${date} UTC in ${Math.round((Date.now() - started) / 60_000)} minutes: node ${facts.node}, ${facts.nginx}, PostgreSQL ${facts.postgres}, Redis ${facts.redis}; ${os.cpus().length} CPU cores (${os.cpus()[0]?.model ?? "?"}), load average ${os.loadavg()[0]!.toFixed(1)} at the end. wrk, ${shape.threads} threads and ${shape.connections} connections (one for the uncached renders), a ${shape.warmupSeconds} s warm-up and ${runs} counted runs of ${seconds} s (ceilings ${ceilingShape.seconds} s), medians. Catalogue: ${seeded.products} products, ${seeded.posts} published posts. The ceiling is a throwaway nginx serving the same bytes as a static file (no access log), redis-benchmark LPUSH (20 clients) for track, and one connection's multi-row inserts of 1,000 rows for the drain.`,
        "",
        markdownTable(rows),
        ...notes,
        "",
        ...lighthouseReport,
      ].join("\n"),
    );
    log("docs/performance.md written");
  } finally {
    if (topology) await topology.stop().catch(() => undefined);
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    const embedded = await embeddedStart.catch(() => undefined);
    if (embedded) {
      await stopProcess(embedded.process);
      rmSync(embedded.dataDir, { recursive: true, force: true });
    }
  }
}

await main();
process.exit(0);

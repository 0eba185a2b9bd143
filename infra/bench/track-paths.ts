import { startTopology } from "../local/topology.js";
import { closeBenchDbs, eventsQueue, queueDrained } from "./events.js";
import { trackRequest } from "./track-load.js";
import { median, wrk, type LoadRequest } from "./load.js";
import { cpuByKind, perEvent } from "./process-cpu.js";
import { benchSettings } from "./seed.js";

/**
 * The beacon's two paths (services/kit/src/beacon.ts) compared on one topology: in each of ROUNDS
 * rounds, single page views answered on the lean path, then the same requests declaring another charset
 * (which the lean path leaves to Koa), through the gateway and at the analytics port, each run followed
 * by the worker's drain; the CPU each kind of process spent per event, and events/s. Taken in turn, the
 * pairs hold on a machine whose load moves separate runs (or separate `track.ts` runs) by more than
 * the difference between the paths. Prints each run and the medians.
 *
 *   node --import tsx infra/bench/track-paths.ts          (ROUNDS=3, BENCH_SECONDS=4)
 */
const rounds = Number(process.env.ROUNDS ?? 3);
const seconds = Number(process.env.BENCH_SECONDS ?? 4);
const shape = { connections: 20, threads: 2 };
const browser = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
/** A charset koa-body reads as the lean path would, but that the lean path does not take (UTF-8 only). */
const THROUGH_KOA = "application/json; charset=us-ascii";

const topology = await startTopology({ env: { ...benchSettings, RENDER_CACHE_MS: "0" } });
const queue = eventsQueue(topology.env.REDIS_URL!);
try {
  const pgPort = new URL(topology.env.DATABASE_URL!).port;
  const services = JSON.parse(topology.env.SERVICE_URLS!) as Record<string, string>;
  const targets = { gateway: topology.env.GATEWAY_URL!, port: services.analytics! };
  const request = (base: string, path: "lean" | "koa"): LoadRequest => {
    const sent = trackRequest(base, browser, 1);
    return path === "lean" ? sent : { ...sent, headers: { ...sent.headers, "content-type": THROUGH_KOA } };
  };
  /** Page views the analytics process answered on the lean path so far (its /metrics). */
  const leanAnswered = async () => {
    const text = await (await fetch(`${services.analytics}/metrics`)).text();
    const line = text.split("\n").find((l) => l.startsWith('http_beacon_lean_requests_total{route="trackEvent"'));
    return line ? Number(line.split(" ").at(-1)) : 0;
  };
  // Warm-up: both paths compiled before anything counts.
  for (const base of Object.values(targets))
    for (const path of ["lean", "koa"] as const) await wrk(request(base, path), 1, shape);
  await queueDrained(queue);
  const results = new Map<string, Array<{ rps: number; analytics: number; total: number }>>();
  for (let round = 1; round <= rounds; round++) {
    for (const [target, base] of Object.entries(targets)) {
      for (const path of ["lean", "koa"] as const) {
        const [before, leanBefore] = [cpuByKind(pgPort), await leanAnswered()];
        const run = await wrk(request(base, path), seconds, shape);
        await queueDrained(queue);
        // Each run took the path it names, or the comparison means nothing. (wrk counts the answers it
        // read; the requests in flight when it stopped were answered too.)
        const lean = (await leanAnswered()) - leanBefore;
        const expected = path === "lean" ? [run.requests, run.requests + shape.connections] : [0, 0];
        if (lean < expected[0]! || lean > expected[1]!)
          throw new Error(`${target}, ${path}: ${lean} of ${run.requests} requests answered on the lean path`);
        const cpu = perEvent(before, cpuByKind(pgPort), run.requests);
        const label = `${target}, ${path}`;
        results.set(label, [
          ...(results.get(label) ?? []),
          { rps: run.rps, analytics: cpu.analytics!, total: cpu.total! },
        ]);
        console.log(
          `round ${round}, ${label}: ${Math.round(run.rps)} events/s, p99 ${run.p99} ms, CPU µs per event ${JSON.stringify(cpu)}`,
        );
      }
    }
  }
  for (const [label, runs] of results) {
    const of = (pick: (r: (typeof runs)[number]) => number) => Math.round(median(runs.map(pick)));
    console.log(
      `median, ${label}: ${of((r) => r.rps)} events/s, analytics ${of((r) => r.analytics)} µs per event, all ${of((r) => r.total)}`,
    );
  }
} finally {
  await queue.close();
  await closeBenchDbs();
  await topology.stop();
}

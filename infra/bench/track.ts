import { startTopology } from "../local/topology.js";
import { closeBenchDbs, eventsQueue, queueDrained, trackExactly } from "./events.js";
import { lpushCeiling, measureIngestAlone, trackRequest } from "./track-load.js";
import { measure, wrk, type LoadRequest, type LoadShape } from "./load.js";
import { busyShare, cpuByKind, machineTicks, perEvent } from "./process-cpu.js";
import { benchSettings } from "./seed.js";

/**
 * The track scenarios of make bench alone, in a topology of their own started as the bench starts
 * it: single events through the gateway and straight at the analytics port, batches through the
 * gateway (TRACK_BATCH: events per request, a comma-separated list; none by default), redis-benchmark's LPUSH, and the exactness
 * check. For comparing two versions of the path on a shared machine: run it for each in turn and
 * compare medians; and the CPU each kind of process spent per event in one more run of each (see
 * process-cpu.ts), which holds better than throughput when others load the machine. TOPOLOGY_NODE_ARGS hands node flags to every service process (e.g. `--cpu-prof
 * --cpu-prof-dir=/tmp/prof`: profiles are written when the topology stops).
 *
 *   node --import tsx infra/bench/track.ts
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const runs = Number(process.env.BENCH_RUNS ?? 3);
const batches = (process.env.TRACK_BATCH ?? "")
  .split(",")
  .map(Number)
  .filter((n) => n > 1);
const shape: LoadShape = { connections: 20, threads: 2, seconds, warmupSeconds: 1, runs };
const browser = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

const env: Record<string, string> = { ...benchSettings, RENDER_CACHE_MS: "0" };
const topology = await startTopology({ env });
const cleanups: Array<() => Promise<unknown>> = [];
const phase = (name: string) => console.log(`${new Date().toISOString()} ${name}`);
const line = (label: string, r: { rps: number; p50: number; p99: number; failures: number }, events = 1) =>
  console.log(
    `${label}: ${Math.round(r.rps * events)} events/s (${Math.round(r.rps)} req/s), p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.failures} failed`,
  );
try {
  const gw = topology.env.GATEWAY_URL!;
  const services = JSON.parse(topology.env.SERVICE_URLS!) as Record<string, string>;
  const figures: Record<string, unknown> = { load: 0 };
  phase("gateway, 1 event");
  const pgPort = new URL(topology.env.DATABASE_URL!).port;
  const queue = eventsQueue(topology.env.REDIS_URL!);
  cleanups.push(() => queue.close());
  const cpu: Record<string, Record<string, number>> = {};
  const redis = await queue.client;
  /** Jobs queued so far: BullMQ's job id counter. */
  const jobsQueued = async () => Number((await redis.get(queue.keys.id!)) ?? 0);
  /**
   * One more run, for the CPU each kind of process spent per event (and the queue's drain after it),
   * the share of the machine that was busy during the load, and how many events a job carried (the
   * producer's group commit: each job costs Redis and the worker the same whatever it holds).
   */
  const cpuPerEvent = async (label: string, request: LoadRequest, events: number) => {
    const before = cpuByKind(pgPort);
    const [ticks, jobs] = [machineTicks(), await jobsQueued()];
    const run = await wrk(request, seconds, shape);
    const busy = busyShare(ticks, machineTicks());
    const perJob = (run.requests * events) / Math.max(1, (await jobsQueued()) - jobs);
    // The worker drains what was queued (its rows are part of each event's cost).
    await queueDrained(queue);
    cpu[label] = perEvent(before, cpuByKind(pgPort), run.requests * events);
    console.log(
      `CPU µs per event, ${label}: ${JSON.stringify(cpu[label])}; machine ${busy} % busy under load, ${perJob.toFixed(1)} events a job`,
    );
  };
  const gateway = await measure(trackRequest(gw, browser, 1), shape);
  line("gateway, 1 event", gateway);
  await cpuPerEvent("gateway, 1 event", trackRequest(gw, browser, 1), 1);
  phase("gateway, 1 event, the worker paused");
  const alone = await measureIngestAlone(trackRequest(gw, browser, 1), shape, topology.env.REDIS_URL!);
  line("gateway, 1 event, the worker paused", alone);
  figures.alone = alone.rps;
  phase("analytics port, 1 event");
  const direct = await measure(trackRequest(services.analytics!, browser, 1), shape);
  line("analytics port, 1 event", direct);
  await cpuPerEvent("analytics port, 1 event", trackRequest(services.analytics!, browser, 1), 1);
  Object.assign(figures, { gateway: gateway.rps, direct: direct.rps });
  for (const batch of batches) {
    phase(`gateway, ${batch} events`);
    const batched = await measure(trackRequest(gw, browser, batch), shape);
    line(`gateway, ${batch} events`, batched, batch);
    await cpuPerEvent(`gateway, ${batch} events`, trackRequest(gw, browser, batch), batch);
    figures[`batched${batch}`] = batched.rps * batch;
  }
  phase("LPUSH");
  const lpush = await lpushCeiling(topology.env.REDIS_URL!, runs);
  console.log(`LPUSH: ${Math.round(lpush)}/s`);
  const exact = await trackExactly(gw, topology.env.DATABASE_URL!, 2000, 20, browser);
  console.log(`exactness: ${exact.accepted} answered 202, ${exact.rows} rows ${JSON.stringify(exact.statuses)}`);
  const exactBatches = batches.length
    ? await trackExactly(gw, topology.env.DATABASE_URL!, 200, 20, browser, Math.max(...batches))
    : undefined;
  if (exactBatches)
    console.log(
      `exactness, batches: ${exactBatches.accepted} events answered 202, ${exactBatches.rows} rows ${JSON.stringify(exactBatches.statuses)}`,
    );
  figures.load = (await import("node:os")).loadavg()[0];
  console.log(`TRACK ${JSON.stringify({ ...figures, lpush, exact, exactBatches, cpu })}`);
} finally {
  for (const cleanup of cleanups) await cleanup();
  await closeBenchDbs();
  await topology.stop();
}

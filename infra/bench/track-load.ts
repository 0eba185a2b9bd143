import { randomUUID } from "node:crypto";
import { run } from "../local/processes.js";
import { eventsQueue, queueDrained } from "./events.js";
import { measure, median, type LoadRequest, type LoadShape } from "./load.js";

/** The pages the track scenarios' events name, in turn. */
const PAGES = ["/", "/comparison", "/es/comparacion"];

/** Bodies wrk sends in turn (it cycles through them, so each batch's ids repeat; every row is new anyway, see below). */
const BODIES = 60;

/**
 * Visitors the track scenarios play: the visitor key is a hash of the address and the user agent, and
 * every request comes from 127.0.0.1, so each visitor is the browser's user agent with its own build
 * number. A load from one visitor left PostgreSQL's statistics saying every event was that visitor's,
 * and the worker's lookup of any other visitor's last page view was then planned as a walk through the
 * last half hour's events (the drain that follows in make bench ran at half its rate).
 */
const VISITORS = 200;

function visitorAgents(userAgent: string): string[] {
  return Array.from({ length: VISITORS }, (_, n) =>
    userAgent.replace(/Chrome\/(\d+)[\d.]*/, `Chrome/$1.0.${6000 + n}.0`),
  );
}

/**
 * A track request for wrk: one page_view per request (`perRequest` 1, the single form), or batches of
 * `perRequest` page views each (the batch form, /api/analytics/track/batch). A batch's events carry
 * ids, as the browser's tracker gives them; wrk cycles through a fixed set of bodies, so the same
 * ids come again and the worker stores each id once: the bench counts answers, the exactness check
 * (trackExactly) counts rows.
 */
export function trackRequest(base: string, userAgent: string, perRequest: number): LoadRequest {
  const headers = { "content-type": "application/json", "user-agent": userAgent };
  const userAgents = visitorAgents(userAgent);
  const view = (page: string) => ({ eventType: "page_view", eventData: { page, timestamp: new Date().toISOString() } });
  if (perRequest <= 1)
    return {
      url: `${base}/api/analytics/track`,
      method: "POST",
      headers,
      userAgents,
      bodies: PAGES.map((p) => JSON.stringify(view(p))),
    };
  const bodies = Array.from({ length: BODIES }, (_, b) =>
    JSON.stringify({
      events: Array.from({ length: perRequest }, (_, k) => ({
        ...view(PAGES[(b + k) % PAGES.length]!),
        eventId: randomUUID(),
      })),
    }),
  );
  return { url: `${base}/api/analytics/track/batch`, method: "POST", headers, userAgents, bodies };
}

/** redis-benchmark's LPUSH with 20 clients, the ceiling track is read against: the median of `runs`. */
export async function lpushCeiling(redisUrl: string, runs: number) {
  const { hostname, port } = new URL(redisUrl);
  const figures: number[] = [];
  for (let i = 0; i < runs; i++) {
    const { output } = await run("redis-benchmark", [
      "-h",
      hostname,
      "-p",
      port,
      "-t",
      "lpush",
      "-n",
      "50000",
      "-c",
      "20",
      "--csv",
    ]);
    const match = /"LPUSH","([\d.]+)"/.exec(output);
    if (!match) throw new Error(`redis-benchmark: ${output}`);
    figures.push(Number(match[1]));
  }
  await run("redis-cli", ["-h", hostname, "-p", port, "del", "mylist"]);
  return median(figures);
}

/**
 * Track's load with the worker paused: what the gateway, the analytics service and Redis take alone,
 * without the worker and PostgreSQL writing the events on the same cores. The queue is resumed and
 * drained afterwards, so nothing queued is lost.
 */
export async function measureIngestAlone(request: LoadRequest, shape: LoadShape, redisUrl: string) {
  const queue = eventsQueue(redisUrl);
  try {
    await queueDrained(queue);
    await queue.pause();
    try {
      return await measure(request, shape);
    } finally {
      await queue.resume();
      await queueDrained(queue);
    }
  } finally {
    await queue.close();
  }
}

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { upstreams, type Upstream } from "../../gateway/src/route-table.js";
import { baseConfigSchema } from "../../services/kit/src/config.js";
import { waitFor } from "../local/processes.js";
import { startTopology, type Topology } from "../local/topology.js";
import { isErrorEnvelope, percentile, sleep, timed, type Answer } from "./http.js";

/**
 * Operator faults: one service stopped while the others carry on, then PostgreSQL restarted under
 * light load, with every process's /readyz watched throughout.
 */

/** One request per upstream that it answers (below 500) when it is up, and nothing else needs to. */
const probes: Record<Upstream, { path: string; init?: RequestInit }> = {
  web: { path: "/" },
  catalog: { path: "/api/products" },
  content: { path: "/api/blog?published=true" },
  newsletter: {
    path: "/api/newsletter",
    init: { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: "x" }) },
  },
  media: { path: "/api/images" },
  analytics: { path: "/api/analytics/recent-activity" },
  chat: { path: "/api/chat", init: { method: "POST", headers: { "content-type": "application/json" }, body: "{}" } },
  auth: { path: "/api/auth/session" },
};

/** Database-backed reads a visitor makes, for the light load while PostgreSQL restarts. */
const reads = ["/api/products", "/api/blog?published=true", "/api/site-settings", "/api/analytics/recent-activity"];

/** A stopped service: its routes answer this fast, with the envelope (web: the gateway's error page). */
const UNAVAILABLE_WITHIN_MS = 2_000;
/** Generous bounds for a process or the database coming back on a busy machine. */
const BACK_WITHIN_MS = 90_000;
const POSTGRES_DOWN_MS = 4_000;
/** How long a service may answer a hot public read from its own copy (READ_CACHE_MS, the topology keeps the default). */
const READ_CACHE_MS = baseConfigSchema.shape.READ_CACHE_MS.parse(undefined);
/**
 * Past the gateway's micro-cache (a hard reload): a copy nginx kept a moment ago would answer for a
 * stopped service or database. That is a visitor's good luck, not what these tests are about.
 */
const FRESH = { "cache-control": "no-cache" };
const fresh = (init: RequestInit = {}): RequestInit => ({ ...init, headers: { ...FRESH, ...init.headers } });

describe("faults an operator meets", () => {
  let topology: Topology;
  const probe = (upstream: Upstream) =>
    timed(`${topology.env.GATEWAY_URL}${probes[upstream].path}`, fresh(probes[upstream].init));

  beforeAll(async () => {
    topology = await startTopology({ label: "fault-outages" });
  });
  afterAll(async () => {
    await topology?.stop();
  });

  it("a stopped service answers 503 with the envelope at once, the others carry on, and it serves again once started", async () => {
    const figures: Record<string, { unavailableMsMax: number; backMs: number }> = {};
    for (const stopped of upstreams) {
      await topology.control.stop(stopped);
      const down: Answer[] = [];
      for (let i = 0; i < 3; i++) down.push(await probe(stopped));
      const others = await Promise.all(
        upstreams.filter((u) => u !== stopped).map(async (u) => ({ upstream: u, answer: await probe(u) })),
      );

      for (const answer of down) {
        expect([502, 503], `${stopped}: ${answer.status} ${answer.body}`).toContain(answer.status);
        expect(answer.ms, `${stopped} answered in ${answer.ms} ms`).toBeLessThan(UNAVAILABLE_WITHIN_MS);
        // The page server's own 503 is a page; every API answers with the error envelope.
        expect(stopped === "web" || isErrorEnvelope(answer), `${stopped}: ${answer.body}`).toBe(true);
      }
      for (const { upstream, answer } of others) {
        expect(
          answer.status > 0 && answer.status < 500,
          `${upstream} while ${stopped} is stopped: ${answer.status} ${answer.body.slice(0, 200)}`,
        ).toBe(true);
      }

      const restartedAt = Date.now();
      await topology.control.start(stopped);
      await waitFor(
        `${stopped} serving again`,
        async () => {
          const answer = await probe(stopped);
          if (answer.status === 0 || answer.status >= 500) throw new Error(`${answer.status} ${answer.body}`);
        },
        BACK_WITHIN_MS,
      );
      figures[stopped] = { unavailableMsMax: Math.max(...down.map((a) => a.ms)), backMs: Date.now() - restartedAt };
    }
    console.log("service outages", JSON.stringify(figures));
  });

  it("PostgreSQL restarted under light load: /readyz tells the truth throughout and every service recovers by itself", async () => {
    const processes = Object.entries(topology.processUrls);
    // The web renderer and the worker aside, every process needs the database to be ready.
    const usesDatabase = (name: string) => name !== "web";
    interface Reading extends Answer {
      name: string;
    }
    const readings: Reading[] = [];
    const load: Answer[] = [];
    let running = true;

    const watchReadiness = async () => {
      while (running) {
        const round = await Promise.all(
          processes.map(async ([name, url]) => ({ ...(await timed(`${url}/readyz`, {}, 10_000)), name })),
        );
        readings.push(...round);
        // eslint-disable-next-line no-restricted-syntax -- readiness is sampled at a steady pace
        await sleep(250);
      }
    };
    const lightLoad = async () => {
      for (let i = 0; running; i++) {
        load.push(await timed(`${topology.env.GATEWAY_URL}${reads[i % reads.length]}`, fresh(), 30_000));
        // eslint-disable-next-line no-restricted-syntax -- a light load is a steady pace of reads
        await sleep(200);
      }
    };
    const watching = Promise.all([watchReadiness(), lightLoad()]);

    const ready = (name: string, after: number) =>
      readings.some((r) => r.name === name && r.sentAt >= after && r.status === 200);
    const fault = { stopAt: 0, downAt: 0, startAt: 0, upAt: 0, allReadyAt: 0, servingAt: 0 };
    try {
      // eslint-disable-next-line no-restricted-syntax -- readings from before the fault, for a baseline
      await sleep(1_500);
      fault.stopAt = Date.now();
      await topology.control.stop("postgres");
      fault.downAt = Date.now();
      // eslint-disable-next-line no-restricted-syntax -- the outage is held open for a set time
      await sleep(POSTGRES_DOWN_MS);
      fault.startAt = Date.now();
      await topology.control.start("postgres");
      fault.upAt = Date.now();
      await waitFor(
        "every process ready again",
        async () => {
          const waiting = processes.filter(([name]) => !ready(name, fault.upAt)).map(([name]) => name);
          if (waiting.length) throw new Error(`not ready: ${waiting.join(", ")}`);
        },
        BACK_WITHIN_MS,
      );
      fault.allReadyAt = Date.now();
      await waitFor(
        "every read answering again",
        async () => {
          const answers = await Promise.all(reads.map((path) => timed(`${topology.env.GATEWAY_URL}${path}`, fresh())));
          const failing = answers.filter((a) => a.status !== 200);
          if (failing.length) throw new Error(failing.map((a) => `${a.status} ${a.body}`).join("; "));
        },
        BACK_WITHIN_MS,
      );
      fault.servingAt = Date.now();
      // eslint-disable-next-line no-restricted-syntax -- readings from after the recovery, to see it holds
      await sleep(1_000);
    } finally {
      running = false;
      await watching;
    }

    const before = readings.filter((r) => r.answeredAt < fault.stopAt);
    const whileDown = readings.filter((r) => r.sentAt >= fault.downAt && r.answeredAt <= fault.startAt);
    const afterwards = readings.filter((r) => r.sentAt >= fault.servingAt);
    // A read a service kept a moment before the stop is served from its copy for the copy's lifetime.
    const loadWhileDown = load.filter((a) => a.sentAt >= fault.downAt + READ_CACHE_MS && a.answeredAt <= fault.startAt);
    const figures = {
      readinessChecks: readings.length,
      readyzMsMax: Math.max(...readings.map((r) => r.ms)),
      readyzMsP99: percentile(
        readings.map((r) => r.ms),
        99,
      ),
      postgresDownMs: fault.startAt - fault.downAt,
      allReadyAfterStartMs: fault.allReadyAt - fault.upAt,
      servingAfterStartMs: fault.servingAt - fault.upAt,
      requests: load.length,
      requestsWhileDown: loadWhileDown.length,
      requestMsMaxWhileDown: Math.max(0, ...loadWhileDown.map((a) => a.ms)),
      statusesWhileDown: [...new Set(loadWhileDown.map((a) => a.status))],
    };
    console.log("postgres restart", JSON.stringify(figures));

    // Before: every process ready. While the database is away: each process that uses it says so,
    // the others stay ready, and every probe answers promptly (a hanging probe tells nothing).
    expect(before.filter((r) => r.status !== 200).map((r) => `${r.name} ${r.status}`)).toEqual([]);
    expect(whileDown.length).toBeGreaterThan(processes.length);
    expect(
      whileDown.filter((r) => r.status !== (usesDatabase(r.name) ? 503 : 200)).map((r) => `${r.name} ${r.status}`),
    ).toEqual([]);
    expect(readings.filter((r) => r.ms > 3_000).map((r) => `${r.name} ${r.ms} ms`)).toEqual([]);
    // Requests while it is away fail fast with 503 and the envelope (try again) instead of hanging,
    // and none goes unanswered.
    expect(loadWhileDown.length).toBeGreaterThan(0);
    expect(
      loadWhileDown
        .filter((a) => a.status !== 503 || !isErrorEnvelope(a) || a.ms > 3_000)
        .map((a) => `${a.status} ${a.ms} ms`),
    ).toEqual([]);
    expect(load.filter((a) => a.status === 0)).toEqual([]);
    // Afterwards: ready and serving, with no process restarted.
    expect(afterwards.filter((r) => r.status !== 200).map((r) => `${r.name} ${r.status}`)).toEqual([]);
    expect(load.filter((a) => a.sentAt >= fault.servingAt && a.status !== 200)).toEqual([]);
  });
});

import { randomBytes, randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, createDb, operation } from "@rsv/kit";
import { rawRequest } from "@rsv/kit/testing";
import { nodeArgs } from "../build/entries.js";
import { freePort, startProcess, stopProcess, waitFor, type Started } from "../local/processes.js";
import { percentile, timed, type Answer } from "./http.js";

/**
 * Embedded mode (make start) as a child process on a data folder of its own: what it acknowledges
 * survives `kill -9`, and one address cannot make up clicks.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const CLICKS = 900;
const VIEWS = 500;
const CONCURRENCY = 24;
const BURST = 400;
const ADMIN = { email: "admin@example.com", password: "embedded-fault-passphrase-42" };
const BROWSER = {
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36",
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "accept-language": "en-GB,en;q=0.9",
  "sec-fetch-mode": "navigate",
};

/**
 * /go/{slug} followed as a browser follows a link, over node:http: fetch sends Sec-Fetch-Mode "cors"
 * whatever it is told, and such a click is redirected but not counted.
 */
async function follow(base: string, slug: string, headers: Record<string, string>, method = "GET"): Promise<Answer> {
  const sentAt = Date.now();
  const answer = await rawRequest(base, `/go/${slug}`, { method, headers }).catch(() => ({ status: 0 }));
  const answeredAt = Date.now();
  return { status: answer.status, ms: answeredAt - sentAt, sentAt, answeredAt, contentType: "", body: "" };
}

/** A distinct private address per request, so no request shares another's budget. */
const addressFor = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

async function inBatches<T>(items: T[], concurrency: number, send: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await send(items[next++]!);
    }),
  );
}

describe("embedded mode under kill -9 and a click flood", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "rsv-embedded-fault-"));
  const logDir = path.join(dir, "logs");
  const run = randomUUID();
  let port = 0;
  let server: Started | undefined;
  let base = "";
  let slugs: Array<{ id: number; slug: string }> = [];
  // Made once: the server started again after the kill shares it, as `make start` with a .env would.
  const internalToken = randomBytes(32).toString("base64url");

  async function start(): Promise<void> {
    server = startProcess("embedded", process.execPath, nodeArgs("gateway/src/embedded.ts"), {
      cwd: repoRoot,
      logDir,
      env: {
        NODE_ENV: "test",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dir,
        // The test stands in for a proxy: it names each request's address in X-Forwarded-For.
        TRUSTED_PROXIES: "loopback",
        INTERNAL_TOKEN: internalToken,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        LOG_LEVEL: "warn",
        // Embedded as make start runs it, whatever topology this shell points at.
        REDIS_URL: undefined,
        DATABASE_URL: undefined,
        RATE_LIMIT_SCALE: undefined,
      },
    });
    await waitFor(
      "the embedded server",
      async () => {
        const answer = await fetch(`${base}/healthz`);
        if (!answer.ok) throw new Error(`healthz ${answer.status}`);
      },
      300_000,
    );
  }

  async function adminCookie(): Promise<string> {
    const answer = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "192.0.2.200" },
      body: JSON.stringify(ADMIN),
    });
    if (answer.status !== 200) throw new Error(`login ${answer.status}`);
    return (answer.headers.get("set-cookie") ?? "").split(";")[0]!;
  }

  async function clicksOf(productId: number, cookie: string): Promise<number> {
    const answer = await fetch(`${base}/api/analytics/summary`, { headers: { cookie } });
    const summary = (await answer.json()) as { topProducts: Array<{ productId: number; clicks: number }> };
    return summary.topProducts.find((p) => p.productId === productId)?.clicks ?? 0;
  }

  beforeAll(async () => {
    mkdirSync(logDir, { recursive: true });
    port = await freePort();
    base = `http://127.0.0.1:${port}`;
    await start();
    const list = (await (await fetch(`${base}/api/products`)).json()) as {
      products?: Array<{ id: number; slug: string }>;
    };
    slugs = (list.products ?? (list as unknown as Array<{ id: number; slug: string }>)).slice(0, 2);
    expect(slugs).toHaveLength(2);
  }, 400_000);

  afterAll(async () => {
    if (server) await stopProcess(server);
    rmSync(dir, { recursive: true, force: true });
  });

  it("redirects every click of a burst from one address, and counts no more than its budget", async () => {
    const product = slugs[0]!;
    const budget = operation("redirectToAffiliate").rateLimit?.points;
    const flood: Answer[] = [];
    await inBatches(
      Array.from({ length: BURST }, (_, i) => i),
      CONCURRENCY,
      async () => {
        flood.push(
          await follow(base, product.slug, { ...BROWSER, "x-forwarded-for": "203.0.113.7", "cf-ipcountry": "DE" }),
        );
      },
    );
    expect(flood.filter((a) => a.status === 302)).toHaveLength(BURST);
    // Another visitor still counts, and prefetches and HEAD requests are redirected without counting.
    const other = { ...BROWSER, "x-forwarded-for": "198.51.100.9", "cf-ipcountry": "ES" };
    expect((await follow(base, product.slug, other)).status).toBe(302);
    const uncounted: Array<[Record<string, string>, string?]> = [
      [{ ...BROWSER, "x-forwarded-for": "198.51.100.10" }, "HEAD"],
      [{ ...BROWSER, "x-forwarded-for": "198.51.100.11", "sec-purpose": "prefetch" }],
      [{ ...BROWSER, "x-forwarded-for": "198.51.100.12", "accept-language": "" }],
    ];
    for (const [headers, method] of uncounted)
      expect((await follow(base, product.slug, headers, method)).status).toBe(302);
    console.log(
      `burst: ${BURST} clicks from one address, all 302, p50 ${percentile(
        flood.map((a) => a.ms),
        50,
      )} ms, p99 ${percentile(
        flood.map((a) => a.ms),
        99,
      )} ms`,
    );

    const cookie = await adminCookie();
    await expect.poll(() => clicksOf(product.id, cookie), { timeout: 30_000, interval: 250 }).toBe(budget! + 1);
    const feed = (await (await fetch(`${base}/api/analytics/recent-activity`)).json()) as Array<{ country: string }>;
    // One entry per visitor: the flood shows once, beside the other visitor.
    expect(feed.map((entry) => entry.country).sort()).toEqual(["DE", "ES"]);
    console.log(`burst: counted ${await clicksOf(product.id, cookie)} (budget ${budget} + 1 other visitor)`);
  });

  it("loses no acknowledged click or page view over kill -9", async () => {
    const product = slugs[1]!;
    type Request = { kind: "click" | "view"; n: number };
    const requests: Request[] = [
      ...Array.from({ length: CLICKS }, (_, n) => ({ kind: "click" as const, n })),
      ...Array.from({ length: VIEWS }, (_, n) => ({ kind: "view" as const, n: CLICKS + n })),
    ].sort(() => Math.random() - 0.5);
    let clicks = 0;
    let views = 0;
    let lastAnswer = 0;
    await inBatches(requests, CONCURRENCY, async ({ kind, n }) => {
      const headers = { ...BROWSER, "x-forwarded-for": addressFor(n) };
      const answer =
        kind === "click"
          ? await follow(base, product.slug, headers)
          : await timed(`${base}/api/analytics/track`, {
              method: "POST",
              headers: { ...headers, "content-type": "application/json" },
              body: JSON.stringify({
                eventType: "page_view",
                eventData: { page: `/durability/${run}/${n}`, timestamp: new Date().toISOString() },
              }),
            });
      if (kind === "click" && answer.status === 302) clicks++;
      if (kind === "view" && answer.status === 202) views++;
      lastAnswer = Math.max(lastAnswer, answer.answeredAt);
    });
    process.kill(-server!.child.pid!, "SIGKILL");
    const killedAfter = Date.now() - lastAnswer;
    await new Promise((resolve) => server!.child.once("exit", resolve));
    expect(clicks).toBe(CLICKS);
    expect(views).toBe(VIEWS);

    await start();
    const cookie = await adminCookie();
    await expect.poll(() => clicksOf(product.id, cookie), { timeout: 60_000, interval: 250 }).toBe(clicks);
    await stopProcess(server!);
    server = undefined;

    const db = createDb({ dataDir: dir });
    try {
      const stored = await db.raw(
        `select count(*) filter (where event_type = 'affiliate_click' and product_id = ?)::int as clicks,
                count(*) filter (where event_type = 'page_view' and path like ?)::int as views
         from analytics.events`,
        [product.id, `/durability/${run}/%`],
      );
      const row = stored.rows[0] as { clicks: number; views: number };
      console.log(
        `kill -9 ${killedAfter} ms after the last answer: ${clicks} clicks and ${views} page views acknowledged, ` +
          `${row.clicks} and ${row.views} stored after the restart`,
      );
      expect(row).toEqual({ clicks, views });
    } finally {
      await closeDb(db);
    }
  });
});

import { createServer, type Server } from "node:http";
import { fileURLToPath } from "node:url";
import { startEmbeddedService } from "@rsv/kit/testing";
import { catalogService } from "@rsv/catalog/service";
import { waitFor } from "../local/processes.js";
import { printTable, type Row } from "./report.js";
import { startStandInAuth } from "./stand-in-auth.js";

/**
 * The offer link checker at the size of a real catalogue: 2,000 offers spread over 20 stand-in
 * retailers (loopback servers on 20 ports, each page taking 20 ms), checked by one run of the
 * catalog service as make start runs it (PGlite, runs in process), with the checker's default
 * politeness: one request at a time per host, a second between two, 16 hosts at once. Each
 * retailer counts the requests it has at once. `node --import tsx infra/bench/link-check.ts`
 * runs it alone; BENCH_LINK_OFFERS and BENCH_LINK_HOSTS change its size.
 */

export interface LinkCheckFigures {
  offers: number;
  hosts: number;
  seconds: number;
  /** The most requests any one retailer had at once. */
  maxPerHost: number;
  requests: number;
  /** Offers by stored health after the run. */
  health: Record<string, number>;
}

interface StandIn {
  server: Server;
  base: string;
  open: number;
  max: number;
  requests: number;
}

/** A retailer: most pages in stock, some sold out, moved within the site, or gone. */
async function standIn(hosts: number): Promise<StandIn> {
  const self = { open: 0, max: 0, requests: 0 } as StandIn;
  self.server = createServer((req, res) => {
    self.requests++;
    self.max = Math.max(self.max, ++self.open);
    res.on("close", () => self.open--);
    // The offer's place among this retailer's: the same mix of pages on every host.
    const n = Number(/\/p\/(\d+)/.exec(req.url ?? "")?.[1] ?? 0);
    const i = Math.floor(n / hosts);
    setTimeout(() => {
      const page = (status: number, body: string) =>
        res.writeHead(status, { "content-type": "text/html; charset=utf-8" }).end(body);
      if (req.url?.startsWith("/moved/")) return page(200, "<h1>Resveratrol</h1><button>Add to basket</button>");
      if (i % 20 === 7) return res.writeHead(301, { location: `/moved/${n}` }).end();
      if (i % 20 === 11) return page(200, "<h1>Resveratrol</h1><p>Sold out</p>");
      if (i % 50 === 13) return page(404, "Not found");
      return page(200, `<h1>Resveratrol ${n}</h1><button>Add to basket</button>`);
    }, 20);
  });
  await new Promise<void>((resolve) => self.server.listen(0, "127.0.0.1", resolve));
  const address = self.server.address();
  self.base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  return self;
}

export async function measureLinkChecks(offers = 2000, hosts = 20): Promise<LinkCheckFigures> {
  const retailers = await Promise.all(Array.from({ length: hosts }, () => standIn(hosts)));
  // The admin's session, as the auth service would confirm it.
  const { url: authUrl, server: auth } = await startStandInAuth();
  const catalog = await startEmbeddedService(catalogService, {
    seed: false,
    config: {
      INTERNAL_API_URL: authUrl,
    },
    // The retailers are on loopback; politeness and time-out stay at their defaults.
    env: { LINK_CHECK_ALLOW_PRIVATE_ADDRESSES: "true" },
  });
  try {
    const products = await catalog
      .db("catalog.products")
      .insert(
        retailers.map((_, i) => ({
          slug: `bench-link-${i}`,
          name: `Bench ${i}`,
          brand: "Bench Labs",
          description: "A product for the link-check bench.",
          image_url: "/api/images/demo-1.png",
          rating: 4.5,
          best_for: "Benchmarks",
          price: 19.9,
          expert_grade: "B",
        })),
      )
      .returning<{ id: number }[]>("id");
    const rows = Array.from({ length: offers }, (_, n) => ({
      product_id: products[n % hosts]!.id,
      retailer: `Retailer ${n % hosts}`,
      market: "ES",
      url: `${retailers[n % hosts]!.base}/p/${n}`,
      price: "19.90",
      currency: "EUR",
    }));
    for (let i = 0; i < rows.length; i += 500) await catalog.db("catalog.offers").insert(rows.slice(i, i + 500));

    const admin = { cookie: "rsv_session=bench", origin: catalog.url, "content-type": "application/json" };
    const started = Date.now();
    const asked = await fetch(`${catalog.url}/api/offers/check`, { method: "POST", headers: admin, body: "{}" });
    if (asked.status !== 202) throw new Error(`checkOffers answered ${asked.status}: ${await asked.text()}`);
    await waitFor(
      "the check run",
      async () => {
        const run = (await (await fetch(`${catalog.url}/api/offers/check`, { headers: admin })).json()) as {
          state: string;
        };
        if (run.state !== "idle") throw new Error("still running");
      },
      15 * 60_000,
    );
    const seconds = (Date.now() - started) / 1000;
    const health = Object.fromEntries(
      (
        await catalog
          .db("catalog.offers")
          .select("health_status")
          .count<{ health_status: string; n: number }[]>({ n: "*" })
          .groupBy("health_status")
      ).map((row) => [row.health_status, Number(row.n)]),
    );
    return {
      offers,
      hosts,
      seconds,
      maxPerHost: Math.max(...retailers.map((r) => r.max)),
      requests: retailers.reduce((sum, r) => sum + r.requests, 0),
      health,
    };
  } finally {
    await catalog.close();
    auth.close();
    for (const retailer of retailers) retailer.server.close();
  }
}

/** The bench's row for these figures. */
export function linkCheckRow(figures: LinkCheckFigures): Row {
  const minutes = Math.floor(figures.seconds / 60);
  const rest = Math.round(figures.seconds % 60);
  return {
    scenario: `link check of ${figures.offers.toLocaleString("en-US")} offers over ${figures.hosts} retailer hosts (default politeness: 1 s per host, 16 hosts at once)`,
    figure: `${minutes} min ${rest} s, ${figures.requests.toLocaleString("en-US")} requests, at most ${figures.maxPerHost} at once on one host`,
    ceiling: "—",
    ratio: null,
    goal: "≤ 5 min, 1 request at a time per host",
    met: figures.seconds <= 300 && figures.maxPerHost === 1,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const figures = await measureLinkChecks(
    Number(process.env.BENCH_LINK_OFFERS ?? 2000),
    Number(process.env.BENCH_LINK_HOSTS ?? 20),
  );
  console.log(JSON.stringify(figures));
  printTable([linkCheckRow(figures)]);
  process.exit(0);
}

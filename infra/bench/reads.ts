import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, httpOk, startProcess, stopProcess, waitFor } from "../local/processes.js";
import { repoRoot, startTopology } from "../local/topology.js";
import { startCeiling } from "./ceiling.js";
import { measure, type LoadShape } from "./load.js";
import { benchAdmin, benchSettings, seedLargerCatalogue } from "./seed.js";

/**
 * The public API reads with nginx's micro-cache bypassed, next to nginx serving the same bytes, once
 * per services' read-cache lifetime given (READ_CACHE_MS; 0 is the cache off), in one run:
 *
 *   node --import tsx infra/bench/reads.ts 0 1000 [--embedded]
 *
 * Each read is measured through the gateway (an Authorization header passes the micro-cache by, as
 * make bench does) and at the service's own port; --embedded adds make start's GET /api/products.
 * BENCH_SECONDS and BENCH_RUNS change the shape (default 3 s, 2 counted runs after a 1 s warm-up).
 */

const args = process.argv.slice(2);
const lifetimes = args.filter((arg) => /^\d+$/.test(arg));
const embedded = args.includes("--embedded");
const shape: LoadShape = {
  connections: 20,
  threads: 2,
  seconds: Number(process.env.BENCH_SECONDS ?? 3),
  warmupSeconds: 1,
  runs: Number(process.env.BENCH_RUNS ?? 2),
};
const settings = benchSettings;
const bypass = { authorization: "Bearer bench-bypasses-the-cache" };
const logDir = path.join(repoRoot, "test-results/bench-reads");
mkdirSync(logDir, { recursive: true });

const rate = (rps: number) => `${Math.round(rps).toLocaleString("en")} req/s`;

async function bytesOf(url: string): Promise<Buffer> {
  const response = await fetch(url, { headers: { "accept-encoding": "identity", ...bypass } });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

async function main() {
  if (lifetimes.length === 0) throw new Error("usage: reads.ts <READ_CACHE_MS>... [--embedded]");
  const ceiling = await startCeiling(logDir);
  const lines: string[] = [];
  const report = (line: string) => {
    lines.push(line);
    console.log(line);
  };
  try {
    for (const lifetime of lifetimes) {
      const env = { ...settings, READ_CACHE_MS: lifetime };
      const topology = await startTopology({ env, label: `bench-reads-${lifetime}` });
      try {
        const gw = topology.env.GATEWAY_URL!;
        const services = JSON.parse(topology.env.SERVICE_URLS!) as Record<string, string>;
        await seedLargerCatalogue(gw, benchAdmin, { products: 50, posts: 30 });
        const slug = ((await (await fetch(`${gw}/api/products`)).json()) as Array<{ slug: string }>)[0]!.slug;
        const reads = [
          ["/api/products", services.catalog!],
          [`/api/products/slug/${slug}`, services.catalog!],
          ["/api/blog?published=true", services.content!],
        ] as const;
        for (const [read, service] of reads) {
          const body = await bytesOf(`${gw}${read}`);
          const top = await measure({ url: ceiling.add(`reads-${lifetime}-${read}`, body, "json") }, shape);
          const through = await measure({ url: `${gw}${read}`, headers: bypass }, shape);
          const direct = await measure({ url: `${service}${read}`, headers: bypass }, shape);
          const pct = (rps: number) => `${((rps / top.rps) * 100).toFixed(1)} %`;
          report(
            `READ_CACHE_MS=${lifetime} GET ${read} (${Math.round(body.length / 1024)} KB): gateway ${rate(through.rps)} ` +
              `(p99 ${Math.round(through.p99)} ms, ${pct(through.rps)}), service ${rate(direct.rps)} (${pct(direct.rps)}), ` +
              `nginx static ${rate(top.rps)}; failures ${through.failures + direct.failures}`,
          );
        }
      } finally {
        await topology.stop();
      }
      if (embedded) {
        const port = await freePort();
        const dataDir = mkdtempSync(path.join(os.tmpdir(), "rsv-bench-reads-embedded-"));
        const child = startProcess(
          "bench-reads-embedded",
          process.execPath,
          ["--import", "tsx", "gateway/src/embedded.ts"],
          {
            cwd: repoRoot,
            logDir,
            env: { ...env, PORT: String(port), DATA_DIR: path.join(dataDir, "pglite") },
          },
        );
        try {
          const base = `http://127.0.0.1:${port}`;
          await waitFor("embedded server", () => httpOk(`${base}/api/site-settings`), 240_000);
          await seedLargerCatalogue(base, benchAdmin, { products: 50, posts: 30 });
          const body = await bytesOf(`${base}/api/products`);
          const top = await measure({ url: ceiling.add(`reads-embedded-${lifetime}`, body, "json") }, shape);
          const site = await measure({ url: `${base}/api/products` }, shape);
          report(
            `READ_CACHE_MS=${lifetime} make start GET /api/products (${Math.round(body.length / 1024)} KB): ` +
              `${rate(site.rps)} (p99 ${Math.round(site.p99)} ms, ${((site.rps / top.rps) * 100).toFixed(1)} %), nginx static ${rate(top.rps)}; ` +
              `failures ${site.failures}`,
          );
        } finally {
          await stopProcess(child);
          rmSync(dataDir, { recursive: true, force: true });
        }
      }
    }
  } finally {
    await ceiling.stop();
  }
  console.log(`\n${lines.join("\n")}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

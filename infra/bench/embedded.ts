import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, httpOk, startProcess, stopProcess, waitFor } from "../local/processes.js";
import { repoRoot } from "../local/topology.js";
import { startCeiling } from "./ceiling.js";
import { measure, type LoadShape } from "./load.js";
import { ms, rate } from "./report.js";
import { benchAdmin, benchSettings, seedLargerCatalogue } from "./seed.js";

/**
 * make bench's embedded-mode part on its own: make start's server (PGlite, every service in one
 * process) with the bench's larger catalogue, each read next to nginx serving the same bytes as a
 * static file in the same run. `node --import tsx infra/bench/embedded.ts`; BENCH_SECONDS and
 * BENCH_RUNS as for make bench; EMBEDDED_NODE_ARGS adds node flags to the server (for instance
 * "--cpu-prof --cpu-prof-dir=/tmp/profiles", written when the server stops).
 */

const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const runs = Number(process.env.BENCH_RUNS ?? 1);
const shape: LoadShape = { connections: 20, threads: 2, seconds, warmupSeconds: 1, runs };
const ceilingShape: LoadShape = { ...shape, seconds: Math.max(2, Math.round(seconds / 2)) };
const logDir = path.join(repoRoot, "test-results/bench");
mkdirSync(logDir, { recursive: true });

async function bytesOf(url: string) {
  const response = await fetch(url, { headers: { "accept-encoding": "identity" } });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

async function main() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "rsv-bench-embedded-"));
  const nodeArgs = (process.env.EMBEDDED_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const server = startProcess(
    "bench-embedded",
    process.execPath,
    [...nodeArgs, "--import", "tsx", "gateway/src/embedded.ts"],
    {
      cwd: repoRoot,
      logDir,
      env: {
        ...benchSettings,
        LOG_LEVEL: "warn",
        PORT: String(port),
        DATA_DIR: path.join(dataDir, "pglite"),
      },
    },
  );
  const ceiling = await startCeiling(logDir);
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitFor("embedded server", () => httpOk(`${base}/api/site-settings`), 240_000);
    await seedLargerCatalogue(base, benchAdmin, { products: 50, posts: 30 });
    const slug = ((await (await fetch(`${base}/api/products`)).json()) as Array<{ slug: string }>)[0]!.slug;
    for (const target of ["/api/products", "/", "/comparison", `/review/${slug}`, "/es/comparacion"]) {
      const url = `${base}${target}`;
      const body = await bytesOf(url);
      const site = await measure({ url }, shape);
      const top = await measure(
        { url: ceiling.add(target, body, target.startsWith("/api/") ? "json" : "html") },
        ceilingShape,
      );
      console.log(
        `GET ${target} (${Math.round(body.length / 1024)} KB): ${rate(site.rps)}, p50 ${ms(site.p50)}, p99 ${ms(site.p99)}` +
          `${site.failures ? `, ${site.failures} failed` : ""} | nginx static ${rate(top.rps)} | ${((100 * site.rps) / top.rps).toFixed(1)} %`,
      );
    }
  } finally {
    await stopProcess(server);
    await ceiling.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();

import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, runOrThrow, startProcess, stopProcess, waitFor, type Started } from "../local/processes.js";
import { repoRoot, startPostgres } from "../local/topology.js";
import { compileNodeEntries, nodeEntries, type NodeEntry } from "../build/compile.js";

/**
 * Start time and memory of each production Node process, as its container starts it: from spawn to
 * its /readyz answering 200 against a real PostgreSQL (migrated) and Redis, and at that moment its
 * resident memory and the CPU time it has used (with its child processes: tsx runs esbuild as one).
 * On a busy machine the wall time stretches with the load; the CPU time hardly does. Two ways:
 *   - tsx: `node --import tsx <source>` with tsx's cache off, as a fresh container has none;
 *   - compiled: `node <dist>`, the output of infra/build/compile.ts that the image runs.
 * Each process is started STARTUP_RUNS times per way (default 3), one at a time; the median is shown.
 *   node --import tsx infra/bench/startup.ts        (STARTUP_WAYS=tsx or compiled for one way only)
 */

type Way = "tsx" | "compiled";
const ways = (process.env.STARTUP_WAYS ?? "tsx,compiled").split(",") as Way[];
const runs = Number(process.env.STARTUP_RUNS ?? 3);
const logDir = path.join(repoRoot, "test-results/bench/startup");
mkdirSync(logDir, { recursive: true });

function command(entry: NodeEntry, way: Way): string[] {
  return way === "tsx" ? ["--import", "tsx", entry.source] : [entry.output];
}

/** Resident memory of a process in MiB, from the kernel's own count. */
function rssMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith("VmRSS:"));
  return Number(line?.match(/\d+/)?.[0] ?? Number.NaN) / 1024;
}

const ticksPerSecond = 100;

/** CPU seconds (user and system) used so far by a process and every live descendant. */
function cpuSeconds(pid: number): number {
  let ticks = 0;
  const visit = (id: number) => {
    const stat = readFileSync(`/proc/${id}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // utime and stime are fields 14 and 15 of stat; fields[0] here is field 3.
    ticks += Number(fields[11]) + Number(fields[12]);
    for (const task of readdirSync(`/proc/${id}/task`)) {
      const children = readFileSync(`/proc/${id}/task/${task}/children`, "utf8").trim();
      for (const child of children ? children.split(" ") : []) visit(Number(child));
    }
  };
  visit(pid);
  return ticks / ticksPerSecond;
}

async function startOnce(entry: NodeEntry, way: Way, env: Record<string, string>) {
  const port = await freePort();
  const began = performance.now();
  const started: Started = startProcess(`${entry.name}-${way}`, process.execPath, command(entry, way), {
    cwd: repoRoot,
    logDir,
    env: { ...env, PORT: String(port), TSX_DISABLE_CACHE: "1" },
  });
  try {
    for (;;) {
      if (started.child.exitCode !== null) throw new Error(`${entry.name} exited, see ${started.logFile}`);
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ready) break;
      if (performance.now() - began > 180_000) throw new Error(`${entry.name} not ready in 180 s`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const pid = started.child.pid!;
    return { ms: performance.now() - began, rss: rssMiB(pid), cpu: cpuSeconds(pid) };
  } finally {
    await stopProcess(started);
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** A throwaway PostgreSQL with every schema migrated, and Redis, as the services find them in production. */
async function startBackends() {
  const work = mkdtempSync(path.join(os.tmpdir(), "rsv-startup-"));
  chmodSync(work, 0o755);
  const [pgPort, redisPort] = await Promise.all([freePort(), freePort()]);
  const pg = await startPostgres(path.join(work, "pg"), pgPort);
  const redis = startProcess(
    "redis",
    "redis-server",
    ["--port", String(redisPort), "--bind", "127.0.0.1", "--save", ""],
    {
      logDir,
    },
  );
  const env = {
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    DATABASE_URL: pg.url,
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    // Nothing is called at start; production's settings want an address.
    INTERNAL_API_URL: "http://127.0.0.1:9",
    PUBLIC_ORIGIN: "https://reviews.example.com",
    INTERNAL_TOKEN: randomBytes(32).toString("base64url"),
    ANALYTICS_SALT_SECRET: randomBytes(32).toString("base64url"),
    ADMIN_EMAIL: "admin@example.com",
    ADMIN_PASSWORD: randomBytes(18).toString("base64url"),
    MIGRATE_ON_START: "false",
    LOG_LEVEL: "warn",
  };
  const stop = async () => {
    await stopProcess(redis);
    await pg.stop();
    rmSync(work, { recursive: true, force: true });
  };
  try {
    await waitFor("redis", () => runOrThrow("redis-cli", ["-p", String(redisPort), "ping"]));
    await runOrThrow(process.execPath, ["--import", "tsx", "gateway/src/seed.ts", "--migrate-only"], {
      cwd: repoRoot,
      env,
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return { env, stop };
}

if (ways.includes("compiled") || !existsSync(path.join(repoRoot, nodeEntries[0]!.output))) await compileNodeEntries();
const backends = await startBackends();
const stopAndExit = async () => {
  await backends.stop();
  process.exit(130);
};
process.once("SIGINT", () => void stopAndExit());
process.once("SIGTERM", () => void stopAndExit());
try {
  const rows: string[][] = [];
  for (const entry of nodeEntries.filter((e) => e.name !== "migrate")) {
    const cells = [entry.name];
    for (const way of ways) {
      const samples = [];
      for (let i = 0; i < runs; i++) samples.push(await startOnce(entry, way, backends.env));
      cells.push(`${(median(samples.map((s) => s.ms)) / 1000).toFixed(2)} s`);
      cells.push(`${median(samples.map((s) => s.cpu)).toFixed(2)} s`);
      cells.push(`${Math.round(median(samples.map((s) => s.rss)))} MiB`);
    }
    rows.push(cells);
    console.log(cells.join("  "));
  }
  const head = ["process", ...ways.flatMap((way) => [`${way}: ready after`, `${way}: CPU`, `${way}: RSS`])];
  console.log(
    [
      "",
      `load average at the end: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(", ")}; ${runs} run(s) each, median`,
      `| ${head.join(" | ")} |`,
      `|${head.map(() => "---").join("|")}|`,
      ...rows.map((r) => `| ${r.join(" | ")} |`),
    ].join("\n"),
  );
} finally {
  await backends.stop();
}

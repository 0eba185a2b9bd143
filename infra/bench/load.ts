import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { run } from "../local/processes.js";

/** One wrk run's figures; latencies in milliseconds. */
export interface RunFigures {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  requests: number;
  /** Answers outside 2xx/3xx, and socket errors. */
  failures: number;
}

export interface LoadRequest {
  url: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  /** Bodies sent in turn, one per request (POST). */
  bodies?: string[];
  /** User agents sent in turn, one per request (over headers' user-agent): as many visitors as there are. */
  userAgents?: string[];
}

export interface LoadShape {
  connections: number;
  threads: number;
  /** Length of each counted run, seconds. */
  seconds: number;
  /** Length of the warm-up run, seconds (its figures are dropped). */
  warmupSeconds: number;
  runs: number;
}

const scripts = mkdtempSync(path.join(os.tmpdir(), "rsv-bench-wrk-"));
let scriptCount = 0;

const lua = (value: string) => JSON.stringify(value);

/** A wrk script sending the request (bodies in turn) and printing percentiles wrk's summary lacks. */
function script(request: LoadRequest): string {
  const method = request.method ?? "GET";
  const headers = Object.entries(request.headers ?? {})
    .map(([name, value]) => `headers[${lua(name)}] = ${lua(value)}`)
    .join("\n");
  const bodies = request.bodies ?? [""];
  const file = path.join(scripts, `request-${scriptCount++}.lua`);
  writeFileSync(
    file,
    `local headers = {}
${headers}
local bodies = { ${bodies.map(lua).join(", ")} }
local agents = { ${(request.userAgents ?? []).map(lua).join(", ")} }
local path = ${lua(new URL(request.url).pathname + new URL(request.url).search)}
local i = 0
local j = 0
request = function()
  i = i % #bodies + 1
  if #agents > 0 then
    j = j % #agents + 1
    headers["user-agent"] = agents[j]
  end
  return wrk.format(${lua(method)}, path, headers, ${method === "GET" ? "nil" : "bodies[i]"})
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("BENCH requests=%d failures=%d p50=%d p95=%d p99=%d\\n", summary.requests,
    e.status + e.connect + e.read + e.write + e.timeout, latency:percentile(50), latency:percentile(95),
    latency:percentile(99)))
end
`,
  );
  return file;
}

/** One bounded wrk run at 127.0.0.1. */
export async function wrk(request: LoadRequest, seconds: number, shape: Pick<LoadShape, "connections" | "threads">) {
  const url = new URL(request.url);
  if (url.hostname !== "127.0.0.1") throw new Error(`load runs aim at 127.0.0.1 only, not ${url.hostname}`);
  const args = [
    `-t${Math.min(shape.threads, shape.connections)}`,
    `-c${shape.connections}`,
    `-d${seconds}s`,
    "--timeout",
    "5s",
    "-s",
    script(request),
    `${url.origin}/`,
  ];
  const { code, output } = await run("wrk", args);
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(output);
  const mine = /BENCH requests=(\d+) failures=(\d+) p50=(\d+) p95=(\d+) p99=(\d+)/.exec(output);
  if (code !== 0 || !rps || !mine) throw new Error(`wrk failed (${code}): ${output}`);
  return {
    rps: Number(rps[1]),
    requests: Number(mine[1]),
    failures: Number(mine[2]),
    p50: Number(mine[3]) / 1000,
    p95: Number(mine[4]) / 1000,
    p99: Number(mine[5]) / 1000,
  } satisfies RunFigures;
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** A warm-up run, then `runs` counted ones; each figure is the median of the counted runs. */
export async function measure(request: LoadRequest, shape: LoadShape): Promise<RunFigures & { all: RunFigures[] }> {
  await wrk(request, shape.warmupSeconds, shape);
  const all: RunFigures[] = [];
  for (let i = 0; i < shape.runs; i++) all.push(await wrk(request, shape.seconds, shape));
  const pick = (key: keyof RunFigures) => median(all.map((r) => r[key]));
  return {
    rps: pick("rps"),
    p50: pick("p50"),
    p95: pick("p95"),
    p99: pick("p99"),
    requests: all.reduce((n, r) => n + r.requests, 0),
    failures: all.reduce((n, r) => n + r.failures, 0),
    all,
  };
}

import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { createWebApp } from "@rsv/web/server";
import { createLogger } from "@rsv/kit/runtime";
import { freePort } from "../local/processes.js";

/**
 * Profiles the web process's renders: node --import tsx infra/bench/profile-render.ts <api base URL> <out.cpuprofile> <path>...
 * Each path is rendered a few times unprofiled (warm-up), then in turn for 10 s under the profiler.
 */
const [apiBaseUrl, out, ...paths] = process.argv.slice(2);
if (!apiBaseUrl || !out || paths.length === 0) throw new Error("usage: profile-render.ts <api> <out> <path>...");
const app = createWebApp({
  apiBaseUrl,
  publicOrigin: apiBaseUrl,
  trustedProxies: [],
  logger: createLogger("web", "warn"),
});
const port = await freePort();
const server = app.listen(port, "127.0.0.1");
const get = async (path: string) => {
  const started = performance.now();
  const response = await fetch(`http://127.0.0.1:${port}${path}`);
  await response.arrayBuffer();
  return performance.now() - started;
};
for (const path of paths) for (let i = 0; i < 5; i++) await get(path);
const session = new Session();
session.connect();
await session.post("Profiler.enable");
await session.post("Profiler.start");
const times = new Map<string, number[]>();
const until = Date.now() + 10_000;
while (Date.now() < until) for (const path of paths) times.set(path, [...(times.get(path) ?? []), await get(path)]);
const { profile } = await session.post("Profiler.stop");
writeFileSync(out, JSON.stringify(profile));
for (const [path, list] of times) {
  const sorted = list.sort((a, b) => a - b);
  console.log(`${path}: ${list.length} renders, p50 ${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)} ms`);
}
server.close();
process.exit(0);

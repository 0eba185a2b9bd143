import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { repoRoot, startTopology } from "./topology.js";

/**
 * Starts the local topology and keeps it up until interrupted, for running single suites by hand:
 *   node --import tsx infra/local/up.ts &   then   env $(cat .tmp/topology.env) npx vitest run --project api
 */
const topology = await startTopology();
const envFile = path.join(repoRoot, process.env.TOPOLOGY_ENV_FILE ?? ".tmp/topology.env");
mkdirSync(path.dirname(envFile), { recursive: true });
writeFileSync(
  envFile,
  Object.entries(topology.env)
    .map(([k, v]) => `${k}='${v}'`)
    .join("\n") + "\n",
);
console.log(
  `topology up: ${topology.env.GATEWAY_URL} (env in ${path.relative(repoRoot, envFile)}, logs in ${path.relative(repoRoot, topology.logDir)})`,
);
const stop = async () => {
  await topology.stop();
  process.exit(0);
};
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
setInterval(() => undefined, 60_000);

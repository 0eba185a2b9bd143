import { spawnSync, type SpawnSyncReturns } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The openapi/ folder: redocly runs here so it picks up redocly.yaml and .redocly.lint-ignore.yaml. */
export const apiDir = fileURLToPath(new URL("..", import.meta.url));

const require = createRequire(import.meta.url);
/** The locally installed Redocly CLI entry point (never a global or downloaded one). */
export const redoclyBin = join(dirname(require.resolve("@redocly/cli/package.json")), "bin", "cli.js");

/** Runs the local Redocly CLI in openapi/ with telemetry and update checks off. */
export function runRedocly(args: readonly string[]): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [redoclyBin, ...args], {
    cwd: apiDir,
    encoding: "utf8",
    env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", NO_COLOR: "1" },
  });
}

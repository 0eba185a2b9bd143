import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The Node entry points infra/build/compile.ts compiles, and whether a compiled one is current: the
 * local topology runs a bundle while it is, and the TypeScript sources through tsx once one of them
 * has changed since. Kept apart from compile.ts so that starting a topology does not load esbuild.
 */

export interface NodeEntry {
  /** The process as compose and Kubernetes name it. */
  name: string;
  /** TypeScript entry point, relative to the repository. */
  source: string;
  /** The compiled module the image runs, relative to the repository. */
  output: string;
}

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

const services = ["catalog", "content", "newsletter", "media", "analytics", "chat", "auth"];

export const nodeEntries: NodeEntry[] = [
  ...services.map((name) => ({
    name,
    source: `services/${name}/src/main.ts`,
    output: `services/${name}/dist/main.js`,
  })),
  { name: "analytics-worker", source: "services/analytics/src/worker.ts", output: "services/analytics/dist/worker.js" },
  // Beside dist/client and dist/server (Vite's), which app.ts finds two folders up as it does from src/server.
  { name: "web", source: "frontend/src/server/main.ts", output: "frontend/dist/web/main.js" },
  { name: "migrate", source: "gateway/src/seed.ts", output: "gateway/dist/seed.js" },
];

/**
 * Embedded mode (make start, the image's default command): one process, not a container of its own in
 * compose, so it is compiled beside the entries above rather than listed with them.
 */
export const embeddedEntry: NodeEntry = {
  name: "embedded",
  source: "gateway/src/embedded.ts",
  output: "gateway/dist/embedded.js",
};

/** Every entry compile.ts compiles. */
export const compiledEntries: NodeEntry[] = [...nodeEntries, embeddedEntry];

/** What a bundle was compiled from, written beside it. */
export interface CompiledInputs {
  /** When the compile began (ms since the epoch): a source changed after it may be missing from the bundle. */
  compiledAt: number;
  /** Every source file in the bundle, relative to the repository. */
  inputs: string[];
}

export const inputsFile = (entry: NodeEntry) => path.join(repoRoot, `${entry.output}.inputs.json`);

/**
 * How to start `source` with node: its bundle when every file it was compiled from is unchanged since
 * (and still there), otherwise the source through tsx.
 */
export function nodeArgs(source: string): string[] {
  const entry = compiledEntries.find((e) => e.source === source);
  return entry && isCurrent(entry) ? [entry.output] : ["--import", "tsx", source];
}

function isCurrent(entry: NodeEntry): boolean {
  try {
    const compiled = JSON.parse(readFileSync(inputsFile(entry), "utf8")) as CompiledInputs;
    statSync(path.join(repoRoot, entry.output));
    return compiled.inputs.every((input) => statSync(path.join(repoRoot, input)).mtimeMs < compiled.compiledAt);
  } catch {
    return false;
  }
}

import { existsSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build, type Plugin } from "esbuild";

/**
 * The production Node processes compiled to JavaScript, so a container starts with plain `node` and
 * compiles nothing. Each entry becomes one ES module: the workspace packages (@rsv/*) it reaches are
 * bundled in, only what it imports; npm packages stay as imports, found at run time in node_modules
 * as under tsx. Run by make build and the image's build stage:
 *   node --import tsx infra/build/compile.ts
 */

export interface NodeEntry {
  /** The process as compose and Kubernetes name it. */
  name: string;
  /** TypeScript entry point, relative to the repository. */
  source: string;
  /** The compiled module the image runs, relative to the repository. */
  output: string;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

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

/** The folder of a package as Node finds it from `fromDir`: the nearest node_modules holding it. */
function packageDir(name: string, fromDir: string): string | undefined {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "node_modules", name);
    if (existsSync(path.join(candidate, "package.json"))) return candidate;
    if (dir === path.dirname(dir)) return undefined;
  }
}

/**
 * npm packages stay imports when Node, from the output's folder, finds the same copy the source
 * would use. A copy nested under one workspace (the kit's ajv 8, while the root holds ajv 6) is not
 * found from another workspace's dist/, so that one is bundled in.
 */
function npmPackagesExternal(outDir: string): Plugin {
  return {
    name: "npm-packages-external",
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith("@rsv/") || args.path.startsWith("node:")) return undefined;
        const parts = args.path.split("/");
        const name = args.path.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
        const used = packageDir(name, args.resolveDir);
        if (used === undefined || used !== packageDir(name, outDir)) return undefined;
        return { path: args.path, external: true };
      });
    },
  };
}

async function compile(entry: NodeEntry): Promise<void> {
  const outfile = path.join(repoRoot, entry.output);
  const result = await build({
    entryPoints: [path.join(repoRoot, entry.source)],
    outfile,
    bundle: true,
    write: false,
    platform: "node",
    format: "esm",
    target: "node20",
    sourcemap: "linked",
    // A CommonJS package bundled in may require() an npm package left outside: give it Node's require.
    banner: {
      js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);',
    },
    plugins: [npmPackagesExternal(path.dirname(outfile))],
    logLevel: "warning",
  });
  mkdirSync(path.dirname(outfile), { recursive: true });
  // Written aside, then renamed: a process starting meanwhile reads the old file or the new, never half of one.
  for (const file of result.outputFiles) {
    writeFileSync(`${file.path}.tmp`, file.contents);
    renameSync(`${file.path}.tmp`, file.path);
  }
}

/** Compiles every entry, all at once. */
export async function compileNodeEntries(entries = nodeEntries): Promise<void> {
  await Promise.all(entries.map(compile));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const began = performance.now();
  await compileNodeEntries();
  console.log(`compiled ${nodeEntries.length} entry points in ${Math.round(performance.now() - began)} ms`);
}

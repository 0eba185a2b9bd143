import { existsSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { build, type Plugin } from "esbuild";
import { compiledEntries, inputsFile, nodeEntries, repoRoot, type CompiledInputs, type NodeEntry } from "./entries.js";

export { nodeEntries, type NodeEntry };

/**
 * The production Node processes compiled to JavaScript, so a container starts with plain `node` and
 * compiles nothing. Each entry becomes one ES module: the workspace packages (@rsv/*) it reaches are
 * bundled in, only what it imports; npm packages stay as imports, found at run time in node_modules
 * as under tsx. Beside each, the list of sources it was made from (entries.ts reads it). Run by make
 * build, make test and the image's build stage:
 *   node --import tsx infra/build/compile.ts
 */

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
  const compiledAt = Date.now();
  const result = await build({
    absWorkingDir: repoRoot,
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
    metafile: true,
  });
  mkdirSync(path.dirname(outfile), { recursive: true });
  // Written aside, then renamed: a process starting meanwhile reads the old file or the new, never half of one.
  for (const file of result.outputFiles) {
    writeFileSync(`${file.path}.tmp`, file.contents);
    renameSync(`${file.path}.tmp`, file.path);
  }
  // What the bundle was made from, so the local topology can tell whether it is still current.
  const inputs: CompiledInputs = { compiledAt, inputs: Object.keys(result.metafile.inputs) };
  writeFileSync(`${inputsFile(entry)}.tmp`, JSON.stringify(inputs));
  renameSync(`${inputsFile(entry)}.tmp`, inputsFile(entry));
}

/** Compiles every entry, all at once. */
export async function compileNodeEntries(entries = nodeEntries): Promise<void> {
  await Promise.all(entries.map(compile));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const began = performance.now();
  await compileNodeEntries(compiledEntries);
  console.log(`compiled ${compiledEntries.length} entry points in ${Math.round(performance.now() - began)} ms`);
}

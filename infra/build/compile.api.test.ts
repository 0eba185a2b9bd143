import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../local/processes.js";
import { compileNodeEntries, nodeEntries, type NodeEntry } from "./compile.js";

// The compiled processes as the image runs them (`node <dist>`), against the topology's PostgreSQL and
// Redis, each with a recorder of every module it loads: ES modules through a resolve hook, CommonJS
// through Module._load (PGlite's knex dialect is CommonJS). Given DATABASE_URL, no process may load
// PGlite. The recorder must see what each process does use (the pg driver; koa for the web process,
// which has no database), and PGlite where there is no DATABASE_URL, or the check proves nothing.

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const pglite = /\/node_modules\/(@electric-sql\/pglite|knex-pglite)\//;
const used = (name: string) => (name === "web" ? /\/node_modules\/koa\// : /\/node_modules\/pg\/lib\//);

const hooks = `
import { appendFileSync } from "node:fs";
let file;
export function initialize(data) { file = data.file; }
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  appendFileSync(file, resolved.url + "\\n");
  return resolved;
}`;
const recorder = (hooksUrl: string) => `
import { appendFileSync } from "node:fs";
import Module, { register } from "node:module";
const file = process.env.LOADED_MODULES_FILE;
register(${JSON.stringify(hooksUrl)}, { data: { file } });
const load = Module._load;
Module._load = function (request, parent, isMain) {
  try { appendFileSync(file, Module._resolveFilename(request, parent, isMain) + "\\n"); } catch {}
  return load.apply(this, arguments);
};`;

let work: string;
let recorderFile: string;

beforeAll(async () => {
  await compileNodeEntries();
  work = mkdtempSync(path.join(os.tmpdir(), "rsv-compiled-"));
  writeFileSync(path.join(work, "hooks.mjs"), hooks);
  recorderFile = path.join(work, "recorder.mjs");
  writeFileSync(recorderFile, recorder(pathToFileURL(path.join(work, "hooks.mjs")).href));
}, 120_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}

/** Starts an entry's compiled output with the recorder; its output is kept for the failure message. */
function run(entry: NodeEntry, env: Record<string, string | undefined>, args: string[] = []) {
  const modulesFile = path.join(work, `${entry.name}-${randomBytes(4).toString("hex")}.txt`);
  writeFileSync(modulesFile, "");
  const child = spawn(process.execPath, ["--import", pathToFileURL(recorderFile).href, entry.output, ...args], {
    cwd: repoRoot,
    env: { ...env, LOADED_MODULES_FILE: modulesFile },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return {
    child,
    output: () => output.slice(-2000),
    loaded: () => readFileSync(modulesFile, "utf8").split("\n").filter(Boolean),
  };
}

/** What a probe answers, or why there is no answer (the process's output when it has exited). */
function status(started: ReturnType<typeof run>, url: string) {
  return async () => {
    if (started.child.exitCode !== null) return `exited: ${started.output()}`;
    return fetch(url).then(
      (r) => r.status,
      (error: Error) => error.message,
    );
  };
}

const settings = () => ({
  PATH: process.env.PATH,
  NODE_ENV: "test",
  HOST: "127.0.0.1",
  DATABASE_URL: process.env.DATABASE_URL,
  REDIS_URL: process.env.REDIS_URL,
  INTERNAL_API_URL: process.env.GATEWAY_URL,
  PUBLIC_ORIGIN: process.env.GATEWAY_URL,
  INTERNAL_TOKEN: randomBytes(32).toString("base64url"),
  ADMIN_EMAIL: process.env.ADMIN_EMAIL,
  ADMIN_PASSWORD: process.env.ADMIN_PASSWORD,
  MIGRATE_ON_START: "false",
  LOG_LEVEL: "warn",
});

describe("the compiled Node processes", () => {
  const longRunning = nodeEntries.filter((e) => e.name !== "migrate");

  it.each(longRunning.map((e) => [e.name, e] as const))(
    "%s becomes ready on PostgreSQL and Redis without loading PGlite",
    async (_name, entry) => {
      const port = await freePort();
      const started = run(entry, { ...settings(), PORT: String(port) });
      try {
        await expect
          .poll(status(started, `http://127.0.0.1:${port}/readyz`), { timeout: 60_000, interval: 100 })
          .toBe(200);
      } finally {
        started.child.kill("SIGTERM");
        await exited(started.child);
      }
      const loaded = started.loaded();
      expect(loaded.filter((m) => used(entry.name).test(m)).length, started.output()).toBeGreaterThan(0);
      expect(loaded.filter((m) => pglite.test(m))).toEqual([]);
    },
    90_000,
  );

  it("migrates PostgreSQL without loading PGlite", async () => {
    const migrate = nodeEntries.find((e) => e.name === "migrate")!;
    const started = run(migrate, settings(), ["--migrate-only"]);
    expect(await exited(started.child), started.output()).toBe(0);
    const loaded = started.loaded();
    expect(loaded.filter((m) => used(migrate.name).test(m)).length).toBeGreaterThan(0);
    expect(loaded.filter((m) => pglite.test(m))).toEqual([]);
  }, 90_000);

  it("loads PGlite when no DATABASE_URL is given (embedded), so the recorder sees it", async () => {
    const catalog = nodeEntries.find((e) => e.name === "catalog")!;
    const port = await freePort();
    const embedded = {
      ...settings(),
      DATABASE_URL: undefined,
      DATA_DIR: path.join(work, "embedded"),
      PORT: String(port),
    };
    const started = run(catalog, embedded);
    try {
      // Alive is enough: PGlite is loaded when the database handle is made, before the server listens.
      await expect
        .poll(status(started, `http://127.0.0.1:${port}/healthz`), { timeout: 60_000, interval: 100 })
        .toBe(200);
    } finally {
      started.child.kill("SIGTERM");
      await exited(started.child);
    }
    expect(started.loaded().filter((m) => pglite.test(m)).length).toBeGreaterThan(0);
  }, 90_000);
});

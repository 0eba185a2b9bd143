import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { processAlive } from "@rsv/kit/process-alive";

/**
 * Ports for the processes a run starts, below Linux's ephemeral range (32768 and up): a port the kernel
 * hands out for `listen(0)` comes from that range, and between our choosing it and a process binding it
 * the kernel could give it to an outgoing connection (wrk's, Chromium's, a pool's) as its source port.
 * That happened under a bench's load: "EADDRINUSE" on a service's start.
 */
const PORTS = { first: 20_000, last: 32_767 };
const handedOut = new Set<number>();

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/**
 * Ports handed out by any process of this machine's runs, one file each, naming the process that holds it.
 * `make test` chooses ports in several processes at once (the runner's topologies, each test file's); a
 * port checked free by two of them before either's service bound it made one service exit at start-up.
 */
export const RESERVATIONS = path.join(os.tmpdir(), "rsv-ports");

const claim = (file: string) => {
  try {
    writeFileSync(file, String(process.pid), { flag: "wx" });
    return true;
  } catch {
    return false;
  }
};

/** Claims the port for this process unless a living process holds it; a dead holder's claim is taken over. */
export function reservePort(port: number): boolean {
  mkdirSync(RESERVATIONS, { recursive: true, mode: 0o1777 });
  const file = path.join(RESERVATIONS, String(port));
  if (claim(file)) return true;
  let holder = 0;
  try {
    holder = Number(readFileSync(file, "utf8"));
  } catch {
    /* released meanwhile */
  }
  // A claim being written this instant reads empty: taken, as one whose process still runs.
  if (!(holder > 0) || processAlive(holder)) return false;
  rmSync(file, { force: true });
  return claim(file);
}

/**
 * A free TCP port on loopback that no outgoing connection can take, and none handed out before to this
 * process or to another one still running.
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = PORTS.first + Math.floor(Math.random() * (PORTS.last - PORTS.first + 1));
    if (handedOut.has(port) || !(await bindable(port)) || !reservePort(port)) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error(`no free port between ${PORTS.first} and ${PORTS.last} on 127.0.0.1`);
}

export interface Started {
  name: string;
  child: ChildProcess;
  logFile: string;
}

/** Starts a long-running process with its output in a log file; an early exit is reported. */
export function startProcess(
  name: string,
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; logDir: string; cwd?: string },
): Started {
  const logFile = `${options.logDir}/${name}.log`;
  const log = createWriteStream(logFile, { flags: "a" });
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  return { name, child, logFile };
}

export async function run(command: string, args: string[], options: { env?: NodeJS.ProcessEnv; cwd?: string } = {}) {
  return new Promise<{ code: number; output: string }>((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: { ...process.env, ...options.env } });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? 1, output }));
  });
}

export async function runOrThrow(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string } = {},
) {
  const result = await run(command, args, options);
  if (result.code !== 0) throw new Error(`${command} ${args.join(" ")} failed (${result.code}):\n${result.output}`);
  return result.output;
}

/** Polls until fn resolves, or fails with the last error after the timeout. */
export async function waitFor(what: string, fn: () => Promise<unknown>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      await fn();
      return;
    } catch (error) {
      last = error;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error(`Timed out waiting for ${what}: ${String(last)}`);
}

export async function httpOk(url: string): Promise<void> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
}

export async function stopProcess(started: Started, timeoutMs = 8000): Promise<void> {
  const { child } = started;
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      /* already gone */
    }
  }, timeoutMs);
  await exited;
  clearTimeout(timer);
}

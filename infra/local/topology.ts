import { randomBytes } from "node:crypto";
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { nodeArgs } from "../build/entries.js";
import { renderNginxConfig, trustedProxyList, type NginxOptions } from "../../gateway/src/nginx.js";
import { upstreams, type Upstream } from "../../gateway/src/route-table.js";
import { freePort, httpOk, runOrThrow, startProcess, stopProcess, waitFor, type Started } from "./processes.js";

/**
 * Node flags for every service process (TOPOLOGY_NODE_ARGS, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`,
 * which NODE_OPTIONS refuses): profiles are written as the topology stops.
 */
const extraNodeArgs = (process.env.TOPOLOGY_NODE_ARGS ?? "").split(" ").filter(Boolean);

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

const ENTRY: Record<Upstream | "worker", string> = {
  web: "frontend/src/server/main.ts",
  catalog: "services/catalog/src/main.ts",
  content: "services/content/src/main.ts",
  newsletter: "services/newsletter/src/main.ts",
  media: "services/media/src/main.ts",
  analytics: "services/analytics/src/main.ts",
  chat: "services/chat/src/main.ts",
  auth: "services/auth/src/main.ts",
  worker: "services/analytics/src/worker.ts",
};

/** What a fault test can take away and bring back: every instance of a service, the worker, Redis, PostgreSQL. */
export type Component = Upstream | "analytics-worker" | "redis" | "postgres";

export interface TopologyControl {
  /** Stops the component as an orchestrator would (SIGTERM; PostgreSQL's fast shutdown). */
  stop(name: Component): Promise<void>;
  /**
   * Starts it again on the same port with the same data (Redis replays its AOF), resolving once it
   * answers: a process its /healthz, Redis PING, PostgreSQL a connection. Readiness is the caller's to check.
   */
  start(name: Component): Promise<void>;
}

export interface Topology {
  env: Record<string, string>;
  logDir: string;
  /** Each Node process's own address (its first instance), where /healthz, /readyz and /metrics answer. */
  processUrls: Record<Upstream | "analytics-worker", string>;
  control: TopologyControl;
  stop(): Promise<void>;
}

const isRoot = process.getuid?.() === 0;

function pgBin(name: string): string {
  const versions = existsSync("/usr/lib/postgresql")
    ? execFileSync("ls", ["/usr/lib/postgresql"]).toString().split(/\s+/)
    : [];
  for (const version of versions.filter(Boolean).sort().reverse()) {
    const candidate = `/usr/lib/postgresql/${version}/bin/${name}`;
    if (existsSync(candidate)) return candidate;
  }
  return name;
}

/** As the postgres user when we are root: initdb refuses to run as root. */
function asPostgres(command: string, args: string[]): [string, string[]] {
  return isRoot ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
}

export async function startPostgres(dir: string, port: number) {
  const data = path.join(dir, "data");
  mkdirSync(dir, { recursive: true });
  if (isRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
    chownSync(dir, uid, gid);
  }
  await runOrThrow(
    ...asPostgres(pgBin("initdb"), [
      "-D",
      data,
      "-U",
      "postgres",
      "--auth=trust",
      "--encoding=UTF8",
      "--no-instructions",
    ]),
  );
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  const start = () =>
    runOrThrow(
      ...asPostgres(pgBin("pg_ctl"), ["-D", data, "-l", path.join(dir, "postgres.log"), "-o", options, "-w", "start"]),
    );
  await start();
  const stop = async () => {
    await runOrThrow(...asPostgres(pgBin("pg_ctl"), ["-D", data, "-m", "immediate", "stop"])).catch(() => undefined);
  };
  await runOrThrow(
    ...asPostgres(pgBin("createdb"), ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres", "rsv"]),
  ).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return {
    url: `postgres://postgres@127.0.0.1:${port}/rsv`,
    stop,
    // A restart as an operator does it: fast shutdown (open sessions are ended), then the same cluster again.
    control: {
      stop: () => runOrThrow(...asPostgres(pgBin("pg_ctl"), ["-D", data, "-m", "fast", "-w", "stop"])),
      start,
    },
  };
}

/** A process the topology started and can start again the same way. */
interface Supervised {
  launch(): Started;
  current?: Started;
  /** Resolves once the process answers again after a start. */
  alive(): Promise<void>;
}

/**
 * The gateway's nginx config for these upstream servers, written into `runtime`, and nginx started on
 * 127.0.0.1:port in the foreground (the topology's gateway, and the tests that put nginx in front of
 * a stand-in service).
 */
export function startGatewayNginx(
  name: string,
  options: {
    port: number;
    servers: Record<Upstream, string[]>;
    runtime: string;
    logDir: string;
    config?: Partial<NginxOptions>;
  },
): Started {
  const conf = path.join(options.runtime, "nginx.conf");
  writeFileSync(
    conf,
    renderNginxConfig({
      listen: `127.0.0.1:${options.port}`,
      servers: options.servers,
      root: repoRoot,
      runtimeDir: options.runtime,
      daemon: false,
      user: isRoot ? "root" : undefined,
      ...options.config,
    }),
  );
  return startProcess(name, "nginx", ["-c", conf, "-p", options.runtime], { logDir: options.logDir });
}

/** Every upstream at one address: a stand-in service behind nginx. */
export function everyUpstreamAt(address: string): Record<Upstream, string[]> {
  return Object.fromEntries(upstreams.map((upstream) => [upstream, [address]])) as Record<Upstream, string[]>;
}

/**
 * The local topology: a throwaway PostgreSQL cluster and Redis on free loopback
 * ports, one process per service, the analytics worker, the web renderer and real nginx in front.
 * Each Node process runs its compiled bundle while that is current (make build and make test
 * compile them; see ../build/entries.ts), otherwise its sources through tsx.
 */
export async function startTopology(
  options: {
    replicas?: Partial<Record<Upstream, number>>;
    /** Logs go to test-results/logs/<label>, apart from other topologies' (the fault tests start their own). */
    label?: string;
    /** Settings for every process on top of the defaults below (the bench lifts the rate limits). */
    env?: Record<string, string>;
    /**
     * Upstreams left stopped from the start, as `control.stop` leaves them (nginx answers for them as
     * for a stopped service; `control.start` starts them): a fault test about one service needs no others.
     */
    stopped?: Upstream[];
  } = {},
): Promise<Topology> {
  const work = mkdtempSync(path.join(os.tmpdir(), "rsv-topology-"));
  chmodSync(work, 0o755);
  const logDir = path.join(repoRoot, "test-results/logs", options.label ?? "");
  mkdirSync(logDir, { recursive: true });
  // By component, in start order; a component's processes can be stopped and launched again.
  const supervised = new Map<Component, Supervised[]>();
  const supervise = (component: Component, spec: Omit<Supervised, "current">, launch = true) => {
    const entry: Supervised = { ...spec, current: launch ? spec.launch() : undefined };
    supervised.set(component, [...(supervised.get(component) ?? []), entry]);
    return entry;
  };
  // Never stopped on its own: it is the front door every fault is observed through.
  let nginx: Started | undefined;
  const running = () => [
    ...[...supervised.values()].flat().flatMap((s) => (s.current ? [s.current] : [])),
    ...(nginx ? [nginx] : []),
  ];
  const cleanups: Array<() => Promise<void>> = [];
  const stop = async () => {
    await Promise.all(running().map((s) => stopProcess(s)));
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    rmSync(work, { recursive: true, force: true });
  };

  try {
    const [pgPort, redisPort, gatewayPort] = await Promise.all([freePort(), freePort(), freePort()]);
    const pg = await startPostgres(path.join(work, "pg"), pgPort);
    cleanups.push(pg.stop);

    // As compose runs it: what Redis acknowledged (a queued event) survives its restart, and nothing is
    // evicted under memory pressure. SIGTERM makes it fsync the append-only file before it exits.
    const redisDir = path.join(work, "redis");
    mkdirSync(redisDir);
    const redisArgs = ["--port", String(redisPort), "--bind", "127.0.0.1", "--save", "", "--dir", redisDir];
    const redisPersistence = ["--appendonly", "yes", "--appendfsync", "everysec", "--maxmemory-policy", "noeviction"];
    supervise("redis", {
      launch: () => startProcess("redis", "redis-server", [...redisArgs, ...redisPersistence], { logDir }),
      alive: async () => {
        const pong = await runOrThrow("redis-cli", ["-h", "127.0.0.1", "-p", String(redisPort), "ping"]);
        // While it replays its append-only file Redis answers LOADING, not PONG.
        if (!pong.includes("PONG")) throw new Error(`redis answered ${pong.trim()}`);
      },
    });
    const redisUrl = `redis://127.0.0.1:${redisPort}`;
    const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
    const shared = {
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      DATABASE_URL: pg.url,
      REDIS_URL: redisUrl,
      INTERNAL_API_URL: gatewayUrl,
      PUBLIC_ORIGIN: gatewayUrl,
      MIGRATE_ON_START: "false",
      INTERNAL_TOKEN: randomBytes(32).toString("base64url"),
      ADMIN_EMAIL: "admin@example.com",
      ADMIN_PASSWORD: "test-admin-passphrase-42",
      LOG_LEVEL: "info",
      // The suites send many requests from one address; the limits themselves have their own tests.
      RATE_LIMIT_SCALE: "1000",
      // Every suite logs in from this machine's one address; the per-address budget has its own tests.
      LOGIN_ATTEMPTS_PER_ADDRESS: "100000",
      ...options.env,
    };

    await runOrThrow(process.execPath, nodeArgs("gateway/src/seed.ts"), { cwd: repoRoot, env: shared });
    // The link checker's stand-in retailers in tests listen on 127.0.0.1, and tests wait for its runs.
    const catalogEnv = {
      LINK_CHECK_ALLOW_PRIVATE_ADDRESSES: "true",
      LINK_CHECK_HOST_DELAY_MS: "20",
      LINK_CHECK_TIMEOUT_MS: "2000",
    };

    const servers = Object.fromEntries(upstreams.map((u) => [u, [] as string[]])) as Record<Upstream, string[]>;
    const readiness: Array<[string, string]> = [];
    const node = (component: Upstream | "analytics-worker", name: string, entry: string, port: number, launch = true) =>
      supervise(
        component,
        {
          launch: () =>
            startProcess(name, process.execPath, [...extraNodeArgs, ...nodeArgs(entry)], {
              cwd: repoRoot,
              logDir,
              env: { ...shared, ...(component === "catalog" ? catalogEnv : {}), ...options.env, PORT: String(port) },
            }),
          alive: () => httpOk(`http://127.0.0.1:${port}/healthz`),
        },
        launch,
      );
    for (const upstream of upstreams) {
      const launch = !options.stopped?.includes(upstream);
      for (let i = 0; i < (options.replicas?.[upstream] ?? 1); i++) {
        const port = await freePort();
        servers[upstream].push(`127.0.0.1:${port}`);
        node(upstream, `${upstream}-${i}`, ENTRY[upstream], port, launch);
        if (launch) readiness.push([upstream, `http://127.0.0.1:${port}/readyz`]);
      }
    }
    const workerPort = await freePort();
    node("analytics-worker", "analytics-worker", ENTRY.worker, workerPort);
    readiness.push(["analytics-worker", `http://127.0.0.1:${workerPort}/readyz`]);

    const runtime = path.join(work, "nginx");
    mkdirSync(runtime, { recursive: true });
    chmodSync(runtime, 0o777);
    nginx = startGatewayNginx("nginx", {
      port: gatewayPort,
      servers,
      runtime,
      logDir,
      config: { trustedProxies: trustedProxyList(process.env.GATEWAY_TRUSTED_PROXIES) },
    });

    await Promise.all(readiness.map(([name, url]) => waitFor(name, () => httpOk(url), 90_000)));
    await waitFor("gateway", () => httpOk(`${gatewayUrl}/healthz`));
    // A process that lost its port to another program between freePort() and listen() has exited,
    // while whatever holds the port may still answer the probe: started means still running.
    const exited = running().filter((s) => s.child.exitCode !== null || s.child.signalCode !== null);
    if (exited.length) {
      throw new Error(`exited during start-up: ${exited.map((s) => `${s.name} (see ${s.logFile})`).join(", ")}`);
    }

    const control: TopologyControl = {
      async stop(name) {
        if (name === "postgres") return void (await pg.control.stop());
        await Promise.all(
          (supervised.get(name) ?? []).map(async (s) => {
            if (s.current) await stopProcess(s.current);
            s.current = undefined;
          }),
        );
      },
      async start(name) {
        if (name === "postgres") return void (await pg.control.start());
        await Promise.all(
          (supervised.get(name) ?? []).map(async (s) => {
            if (s.current) throw new Error(`${s.current.name} is already running`);
            const started = s.launch();
            s.current = started;
            await waitFor(
              started.name,
              async () => {
                if (started.child.exitCode !== null) throw new Error(`exited, see ${started.logFile}`);
                await s.alive();
              },
              90_000,
            );
          }),
        );
      },
    };

    return {
      env: {
        GATEWAY_URL: gatewayUrl,
        DATABASE_URL: pg.url,
        REDIS_URL: redisUrl,
        ADMIN_EMAIL: shared.ADMIN_EMAIL,
        ADMIN_PASSWORD: shared.ADMIN_PASSWORD,
        // The services' shared secret, for tests that act as one of the site's processes (signing a preview link).
        INTERNAL_TOKEN: shared.INTERNAL_TOKEN,
        // Each running service's own address, for the health and metrics checks.
        SERVICE_URLS: JSON.stringify(
          Object.fromEntries(Object.entries(servers).map(([name, list]) => [name, `http://${list[0]}`])),
        ),
      },
      logDir,
      processUrls: {
        ...(Object.fromEntries(Object.entries(servers).map(([name, list]) => [name, `http://${list[0]}`])) as Record<
          Upstream,
          string
        >),
        "analytics-worker": `http://127.0.0.1:${workerPort}`,
      },
      control,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** One embedded server (make start) started for a test, and how to reach and stop it. */
export interface EmbeddedSite {
  base: string;
  /** The running server (a new one after each restart). */
  readonly process: Started;
  /** Signs the site's first admin in and answers the session cookie (`name=value`). */
  adminCookie(): Promise<string>;
  /** Stops the server and starts it again on the same port and data, as a redeploy would. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts the embedded server as make start runs it (PGlite in a folder of its own, budgets in memory,
 * whatever database the test run was given) on a free port, with `env` on top, once it answers.
 */
export async function startEmbeddedSite(
  name: string,
  admin: { email: string; password: string },
  env: Record<string, string> = {},
): Promise<EmbeddedSite> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `rsv-${name}-`));
  const base = `http://127.0.0.1:${port}`;
  const launch = async () => {
    const started = startProcess(name, process.execPath, nodeArgs("gateway/src/embedded.ts"), {
      cwd: repoRoot,
      logDir: dataDir,
      env: {
        NODE_ENV: "production",
        PORT: String(port),
        DATABASE_URL: "",
        REDIS_URL: "",
        DATA_DIR: path.join(dataDir, "pglite"),
        LOG_LEVEL: "warn",
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
        ...env,
      },
    });
    try {
      // Migrations and demo content in PGlite: slow on a busy machine.
      await waitFor("embedded server", () => httpOk(`${base}/api/products`), 170_000);
    } catch (error) {
      await stopProcess(started);
      throw error;
    }
    return started;
  };
  let started: Started;
  try {
    started = await launch();
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const stop = async () => {
    await stopProcess(started);
    rmSync(dataDir, { recursive: true, force: true });
  };
  const adminCookie = async () => {
    const response = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(admin),
    });
    const session = response.headers.getSetCookie().find((cookie) => cookie.startsWith("rsv_session="));
    if (response.status !== 200 || !session) throw new Error(`admin login failed: ${response.status}`);
    return session.split(";")[0]!;
  };
  const restart = async () => {
    await stopProcess(started);
    started = await launch();
  };
  return {
    base,
    get process() {
      return started;
    },
    adminCookie,
    restart,
    stop,
  };
}

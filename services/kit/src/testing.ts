import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import os from "node:os";
import path from "node:path";
import { baseConfigSchema } from "./config.js";
import { processAlive } from "./process-alive.js";
import { responseValidator } from "./contract.js";
import { closeDb, createDb, migrate, type Knex } from "./db.js";
import { createLogger, type Logger } from "./runtime/index.js";
import { buildService, internalApi, type ServiceDefinition, type ServiceDeps } from "./service.js";

/** Helpers for API tests that run through the real gateway of the local topology. */

export function gatewayUrl(): string {
  const url = process.env.GATEWAY_URL;
  if (!url) throw new Error("GATEWAY_URL is not set: API tests run through `make test`, which starts the topology.");
  return url;
}

/**
 * Holds the site settings of the topology under test, among the API files running at once: they are one
 * row every page reads, and files that change them and check what they changed (a description, a
 * disclosure, a restored revision) would change them under each other. Waits for the holder (a directory
 * made atomically, named after the gateway, so topologies do not wait on each other) and returns the
 * release; a holder whose process has gone is taken over.
 */
export async function holdSiteSettings(waitMs = 150_000): Promise<() => void> {
  const key = createHash("sha256").update(gatewayUrl()).digest("hex").slice(0, 16);
  const lock = path.join(os.tmpdir(), `rsv-site-settings-${key}`);
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(path.join(lock, "pid"), String(process.pid));
      return () => rmSync(lock, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    let holder = 0;
    try {
      holder = Number(readFileSync(path.join(lock, "pid"), "utf8"));
    } catch {
      /* being made or released this instant */
    }
    if (holder > 0 && !processAlive(holder)) rmSync(lock, { recursive: true, force: true });
    else if (Date.now() > deadline) throw new Error(`the site settings stayed held by process ${holder}`);
    else await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** fetch against the gateway; JSON bodies are sent and read as JSON. */
export async function call<T = unknown>(
  method: string,
  path: string,
  options: {
    json?: unknown;
    headers?: Record<string, string>;
    body?: BodyInit;
    redirect?: RequestRedirect;
    baseUrl?: string;
  } = {},
): Promise<ApiResponse<T>> {
  const base = options.baseUrl ?? gatewayUrl();
  // Writes carry the site's Origin, as a browser on its pages sends it; a test may set another, or "" for none.
  const origin: Record<string, string> = method === "GET" || method === "HEAD" ? {} : { origin: new URL(base).origin };
  const headers: Record<string, string> = { ...origin, ...options.headers };
  if (headers.origin === "") delete headers.origin;
  let body = options.body;
  if (options.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.json);
  }
  const response = await fetch(new URL(path, base), {
    method,
    headers,
    body,
    redirect: options.redirect ?? "manual",
  });
  const text = await response.text();
  let parsed: unknown = text;
  if ((response.headers.get("content-type") ?? "").includes("json") && text) parsed = JSON.parse(text);
  return { status: response.status, headers: response.headers, body: parsed as T, text };
}

/** Fails unless the response's status is documented for the operation and its body fits the schema. */
export function assertMatchesSpec(operationId: string, response: ApiResponse): void {
  const contentType = (response.headers.get("content-type") ?? "").split(";")[0]!.trim();
  const validate = responseValidator(operationId, response.status, contentType);
  if (!validate) return;
  if (!validate(response.body)) {
    throw new Error(
      `${operationId} ${response.status} does not match the contract: ${JSON.stringify(validate.errors?.slice(0, 5), null, 2)}\nbody: ${response.text.slice(0, 500)}`,
    );
  }
}

/** Logs in as the topology's admin and returns the Cookie header value to send. */
export async function adminCookie(): Promise<string> {
  const response = await call("POST", "/api/auth/login", {
    json: { email: process.env.ADMIN_EMAIL, password: process.env.ADMIN_PASSWORD },
  });
  if (response.status !== 200) throw new Error(`admin login failed: ${response.status} ${response.text}`);
  const setCookie = response.headers.get("set-cookie") ?? "";
  return setCookie.split(";")[0]!;
}

/**
 * The listed product made first, which is a seeded one. Suites share one site and run side by
 * side: a product another test made may be deleted while a test that borrowed it runs.
 */
export function firstMade<T extends { id: number }>(products: T[]): T {
  const first = products.reduce<T | undefined>((found, p) => (found && found.id < p.id ? found : p), undefined);
  if (!first) throw new Error("no product is listed");
  return first;
}

export interface EmbeddedService {
  url: string;
  db: Knex;
  deps: ServiceDeps;
  close(): Promise<void>;
}

/**
 * One service as embedded mode runs it (make start): PGlite in a temporary folder, migrated and,
 * unless told otherwise, seeded twice (seeding must be idempotent), listening on a free port.
 * Other services are unreachable (port 9), as a failed neighbour would be. `config` adds shared
 * settings (INTERNAL_TOKEN, TRUSTED_PROXIES, ...) to those defaults.
 */
export async function startEmbeddedService(
  definition: ServiceDefinition,
  options: {
    seed?: boolean;
    env?: Record<string, string>;
    logger?: Logger;
    /** Shared settings on top of the defaults, such as INTERNAL_API_URL pointing at a stand-in neighbour. */
    config?: Record<string, string>;
  } = {},
): Promise<EmbeddedService> {
  const dir = mkdtempSync(path.join(os.tmpdir(), `rsv-${definition.name}-`));
  const config = baseConfigSchema.parse({
    DATA_DIR: dir,
    INTERNAL_API_URL: "http://127.0.0.1:9",
    LOG_LEVEL: "silent",
    ...options.config,
  });
  const db = createDb({ dataDir: dir, inMemory: true });
  const deps: ServiceDeps = {
    config,
    env: options.env ?? {},
    db,
    logger: options.logger ?? createLogger(definition.name, "silent"),
    api: internalApi(config),
  };
  await migrate(db, definition.schema, definition.migrations);
  if (options.seed !== false && definition.seed) {
    await definition.seed(deps);
    await definition.seed(deps);
  }
  const { app, instance } = await buildService(definition, deps);
  const server = app.listen(0);
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`,
    db,
    deps,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await instance.close?.();
      await closeDb(db);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A request whose answer's body comes back exactly as sent: fetch would decompress it, and would add
 * its own Cache-Control to a conditional request. `from` is the local address to connect from: any
 * of 127.0.0.0/8 on Linux, so a test can be many visitors on one machine.
 */
export function rawRequest(
  base: string,
  urlPath: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; from?: string } = {},
): Promise<RawResponse> {
  const url = new URL(urlPath, base);
  const { method = "GET", headers = {}, body, from } = options;
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        headers,
        localAddress: from,
        // A connection per request: a kept one would carry the previous request's address.
        agent: from ? false : undefined,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** A GET answered with the body exactly as sent (see rawRequest). */
export function rawGet(base: string, urlPath: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return rawRequest(base, urlPath, { headers });
}

/**
 * The two databases every repository runs on: PGlite in memory (embedded mode's driver, knex-pglite)
 * and PostgreSQL (the topology's server, node-postgres). Repository tests run their one suite on
 * both, so a query that answers differently on the two drivers (a row count one of them does not
 * report) fails in a test.
 */
export const repositoryDatabases = ["PGlite", "PostgreSQL"] as const;
export type RepositoryDatabase = (typeof repositoryDatabases)[number];

/**
 * A fresh database of the given kind with the service's schema migrated: PGlite in memory, or a database of its own on the
 * topology's PostgreSQL server (DATABASE_URL), dropped by `close`, so the topology's data is untouched.
 */
export async function openRepositoryDatabase(
  kind: RepositoryDatabase,
  service: Pick<ServiceDefinition, "schema" | "migrations">,
): Promise<{ db: Knex; close(): Promise<void> }> {
  if (kind === "PGlite") {
    const db = createDb({ dataDir: os.tmpdir(), inMemory: true });
    await migrate(db, service.schema, service.migrations);
    return { db, close: () => closeDb(db) };
  }
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error("DATABASE_URL is not set: repository tests run in the api project, on the topology.");
  const name = `rsv_repository_${randomBytes(6).toString("hex")}`;
  const server = createDb({ databaseUrl: serverUrl, dataDir: os.tmpdir(), poolMax: 1 });
  await server.raw("create database ??", [name]);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = createDb({ databaseUrl: url.toString(), dataDir: os.tmpdir(), poolMax: 4 });
  await migrate(db, service.schema, service.migrations);
  return {
    db,
    close: async () => {
      await closeDb(db);
      await server.raw("drop database if exists ?? with (force)", [name]);
      await closeDb(server);
    },
  };
}

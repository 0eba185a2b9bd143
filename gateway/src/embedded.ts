import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { existsSync } from "node:fs";
import { constants as zlibConstants } from "node:zlib";
import { fileURLToPath } from "node:url";
import compression from "compression";
import Koa from "koa";
import send from "koa-send";
import { z } from "zod";
import {
  baseConfigSchema,
  buildService,
  CACHE_GENERATION_HEADER,
  cacheGeneration,
  closeDb,
  createDb,
  createLogger,
  flag,
  internalApi,
  loadConfig,
  migrate,
  proxyList,
  serve,
  type Cleanup,
} from "@rsv/kit";
import { beforeAnswer, createMicroCache, isCredentialedWrite } from "./micro-cache.js";
import { resolveRoute, type Upstream } from "./route-table.js";
import { docsSecurityHeaders, isLocalHostname, securityHeaders, strictTransportSecurity } from "./security-headers.js";
import { serviceDefinitions } from "./services.js";
import { setVisitorCountry } from "./visitor-country.js";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

const configSchema = baseConfigSchema.extend({
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  /** One process on a developer's machine: reachable from this machine only, unless told otherwise. */
  HOST: z.string().min(1).default("127.0.0.1"),
  /** Defaults to this process itself. */
  INTERNAL_API_URL: z.string().url().optional(),
  SEED_ON_START: flag(true),
  /** Nothing stands in front of the embedded server: every X-Forwarded-* header is the client's own claim. */
  TRUSTED_PROXIES: z.string().default(""),
});

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Embedded mode: one process serves the whole site. Every service is mounted under its prefix
 * from the same route table nginx is made from; PGlite stands in for PostgreSQL and the
 * analytics queue runs in process.
 */
async function main(): Promise<void> {
  const settings = loadConfig(configSchema);
  const config = {
    ...settings,
    INTERNAL_API_URL: settings.INTERNAL_API_URL ?? `http://127.0.0.1:${settings.PORT}`,
    // Every service runs in this process: a secret made up at start is shared by all of them.
    INTERNAL_TOKEN: settings.INTERNAL_TOKEN ?? randomBytes(32).toString("base64url"),
  };
  // Links the site writes into mail, feeds and pages name the address it serves on, unless told
  // otherwise: `PORT=8093 make start` must not mail out links to port 8080.
  const env = { ...process.env, PUBLIC_ORIGIN: process.env.PUBLIC_ORIGIN || `http://localhost:${config.PORT}` };
  const logger = createLogger("embedded", config.LOG_LEVEL);
  const db = createDb({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const handlers = new Map<Upstream, Handler>();
  const cleanups: Cleanup[] = [];

  for (const [name, definition] of Object.entries(serviceDefinitions)) {
    const deps = {
      config,
      env,
      db,
      logger: createLogger(name, config.LOG_LEVEL),
      api: internalApi(config),
    };
    await migrate(db, definition.schema, definition.migrations);
    if (config.SEED_ON_START) await definition.seed?.(deps);
    const { app, instance } = await buildService(definition, deps);
    cleanups.push(async () => instance.close?.());
    handlers.set(name as Upstream, app.callback());
  }
  cleanups.push(() => closeDb(db));

  const webServer = path.join(repoRoot, "frontend/dist/server/entry-server.js");
  if (!existsSync(webServer))
    throw new Error("The front end is not built: run `npm run build -w @rsv/web` (make start does).");
  const { createWebApp } = await import("@rsv/web/server");
  const { webConfigSchema } = await import("@rsv/web/server/config");
  const web = loadConfig(webConfigSchema, { ...env, PORT: String(config.PORT) });
  handlers.set(
    "web",
    createWebApp({
      apiBaseUrl: config.INTERNAL_API_URL,
      publicOrigin: web.PUBLIC_ORIGIN,
      renderCacheMs: web.RENDER_CACHE_MS,
      trustedProxies: proxyList(config.TRUSTED_PROXIES),
      internalToken: config.INTERNAL_TOKEN,
      logger: createLogger("web", config.LOG_LEVEL),
      // Named here: compiled (gateway/dist/embedded.js), the web app's code no longer sits in frontend/.
      distDir: path.join(repoRoot, "frontend/dist"),
    }).callback(),
  );

  const files = new Koa();
  files.use(async (ctx) => {
    const route = resolveRoute(ctx.path);
    if ("file" in route) {
      ctx.set("Cache-Control", "public, max-age=300");
      await send(ctx, route.file, { root: repoRoot });
    } else if ("dir" in route) {
      const relative = ctx.path.slice(route.path.length);
      if (route.immutable) ctx.set("Cache-Control", "public, max-age=31536000, immutable");
      await send(ctx, relative, { root: path.join(repoRoot, route.dir) }).catch(() => undefined);
      if (!ctx.body) {
        ctx.status = 404;
        ctx.body = "Not found";
      }
    } else if ("notFound" in route) {
      ctx.status = 404;
      ctx.body = { error: { code: "not_found", message: "No such endpoint" } };
    } else {
      ctx.body = { status: "ok" };
    }
  });
  const serveFiles = files.callback();

  // Text answers compressed as nginx does (brotli or gzip, by Accept-Encoding); the built assets'
  // .br and .gz copies (koa-send picks them) are already encoded and pass through untouched.
  // Express's compression works on the plain request and response every mounted app shares.
  const compress = compression({ threshold: 512, brotli: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } } });

  // Anonymous reads of the routes marked microCache, kept 2 s as the gateway's nginx keeps them
  // (micro-cache.ts); an entry answers with bytes, and gzip and brotli copies, made once.
  const microCache = createMicroCache();
  const compressed =
    (handler: Handler): Handler =>
    (req, res) =>
      compress(req as Parameters<typeof compress>[0], res as Parameters<typeof compress>[1], () => handler(req, res));

  const secured =
    (handler: Handler, headers: Record<string, string>): Handler =>
    (req, res) => {
      for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
      if (!isLocalHostname(req.headers.host ?? "")) res.setHeader("Strict-Transport-Security", strictTransportSecurity);
      handler(req, res);
    };
  // Per upstream: what fills the micro-cache (the service, its answer taken whole) and what passes it by.
  const cached = new Map(
    [...handlers].map(([name, handler]) => {
      const fill = secured(handler, securityHeaders);
      return [name, { fill, passBy: compressed(fill) }] as const;
    }),
  );

  // As nginx does: every request forwarded names this run and the count of admins' writes answered so
  // far (X-Cache-Generation), so the services' read caches and the renders drop what a write changed;
  // the micro-cache is purged as such a write's answer leaves, before the writer sees it.
  const run = Date.now();
  let writes = 0;
  const server: Handler = (req, res) => {
    const pathname = new URL(req.url ?? "/", "http://localhost").pathname;
    const route = resolveRoute(pathname);
    // The beacon is no write a cache must see, as in nginx (see Route).
    const beacon = "upstream" in route && route.beacon === true;
    if (!beacon && isCredentialedWrite(req))
      beforeAnswer(res, () => {
        writes += 1;
        microCache.purge();
      });
    if (beacon) delete req.headers[CACHE_GENERATION_HEADER];
    else req.headers[CACHE_GENERATION_HEADER] = cacheGeneration(run, writes);
    setVisitorCountry(req);
    if ("upstream" in route && route.microCache) {
      // A stored answer carries the security headers its fill was sent with (the host is in the key).
      const { fill, passBy } = cached.get(route.upstream)!;
      microCache.handle(req, res, fill, passBy);
      return;
    }
    const headers = "file" in route && route.type === "text/html" ? docsSecurityHeaders : securityHeaders;
    const handler = "upstream" in route ? handlers.get(route.upstream)! : serveFiles;
    secured(compressed(handler), headers)(req, res);
  };
  await serve(server, {
    port: config.PORT,
    host: config.HOST,
    logger,
    message: `Site running on http://localhost:${config.PORT}`,
    cleanups,
  });
}

await main();

import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import Koa from "koa";
import send from "koa-send";
import { z } from "zod";
import {
  baseConfigSchema,
  buildService,
  closeDb,
  createDb,
  createLogger,
  internalApi,
  loadConfig,
  migrate,
  onShutdown,
  type ServiceInstance,
} from "@rsv/kit";
import { resolveRoute, type Upstream } from "./route-table.js";
import { serviceDefinitions } from "./services.js";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

const configSchema = baseConfigSchema.extend({
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  SEED_ON_START: z.enum(["true", "false"]).default("true"),
});

/**
 * Embedded mode: one process serves the whole site. Every service is mounted under its prefix
 * from the same route table nginx is made from; PGlite stands in for PostgreSQL and the
 * analytics queue runs in process.
 */
async function main(): Promise<void> {
  const config = loadConfig(configSchema);
  config.INTERNAL_API_URL = process.env.INTERNAL_API_URL ?? `http://127.0.0.1:${config.PORT}`;
  const logger = createLogger("embedded", config.LOG_LEVEL);
  const db = createDb({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const handlers = new Map<Upstream, (req: IncomingMessage, res: ServerResponse) => void>();
  const instances: ServiceInstance[] = [];

  for (const [name, definition] of Object.entries(serviceDefinitions)) {
    const deps = { config, db, logger: createLogger(name, config.LOG_LEVEL), api: internalApi(config) };
    await migrate(db, definition.schema, definition.migrations);
    if (config.SEED_ON_START === "true") await definition.seed?.(deps);
    const { app, instance } = await buildService(definition, deps);
    instances.push(instance);
    handlers.set(name as Upstream, app.callback());
  }

  const webServer = path.join(repoRoot, "frontend/dist/server/entry-server.js");
  if (!existsSync(webServer))
    throw new Error("The front end is not built: run `npm run build -w @rsv/web` (make start does).");
  const { createWebApp } = await import("@rsv/web/server");
  handlers.set("web", createWebApp({ apiBaseUrl: config.INTERNAL_API_URL }).callback());

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
      ctx.body = { error: { code: "not_found", message: "No such API endpoint" } };
    } else {
      ctx.body = { status: "ok" };
    }
  });
  const serveFiles = files.callback();

  const server = createServer((req, res) => {
    const pathname = new URL(req.url ?? "/", "http://localhost").pathname;
    const route = resolveRoute(pathname);
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    const handler = "upstream" in route ? handlers.get(route.upstream) : serveFiles;
    if (!handler) {
      res.writeHead(503, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { code: "unavailable", message: "Service not mounted" } }));
      return;
    }
    handler(req, res);
  });
  server.listen(config.PORT, () => logger.info(`Site running on http://localhost:${config.PORT}`));
  onShutdown(server, [...instances.map((instance) => async () => instance.close?.()), async () => closeDb(db)], (msg) =>
    logger.info(msg),
  );
}

await main();

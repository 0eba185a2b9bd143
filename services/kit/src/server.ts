import { createServer, type Server } from "node:http";
import { baseConfigSchema, loadConfig } from "./config.js";
import { closeDb, createDb, migrate } from "./db.js";
import { createLogger } from "./logger.js";
import { buildService, internalApi, type ServiceDefinition } from "./service.js";

/** Stops accepting connections, lets open requests finish (bounded), then runs the cleanups. */
export function onShutdown(server: Server, cleanups: Array<() => Promise<void>>, log: (msg: string) => void): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`received ${signal}, shutting down`);
    const deadline = setTimeout(() => process.exit(1), 10_000);
    deadline.unref();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    for (const cleanup of cleanups) await cleanup().catch(() => undefined);
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

/** Runs one service as its own process: validated config, migrations, HTTP server, graceful stop. */
export async function runService(definition: ServiceDefinition): Promise<void> {
  const config = loadConfig(baseConfigSchema);
  const logger = createLogger(definition.name, config.LOG_LEVEL);
  const db = createDb({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolMax: config.DB_POOL_MAX });
  const deps = { config, db, logger, api: internalApi(config) };
  if (process.env.MIGRATE_ON_START !== "false") await migrate(db, definition.schema, definition.migrations);
  const { app, instance } = await buildService(definition, deps);
  const server = createServer(app.callback());
  server.keepAliveTimeout = 65_000;
  server.listen(config.PORT, () => logger.info({ port: config.PORT }, `${definition.name} listening`));
  onShutdown(server, [async () => instance.close?.(), async () => closeDb(db)], (msg) => logger.info(msg));
}

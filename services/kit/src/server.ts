import { closeDb, createDb, migrate } from "./db.js";
import { baseConfigSchema } from "./config.js";
import { createLogger, loadConfig, serve } from "./runtime/index.js";
import { buildService, internalApi, type ServiceDefinition } from "./service.js";

/** Runs one service as its own process: validated config, migrations, HTTP server, graceful stop. */
export async function runService(definition: ServiceDefinition): Promise<void> {
  const config = loadConfig(baseConfigSchema);
  const logger = createLogger(definition.name, config.LOG_LEVEL);
  const db = createDb({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolMax: config.DB_POOL_MAX });
  const deps = { config, env: process.env, db, logger, api: internalApi(config) };
  if (config.MIGRATE_ON_START) await migrate(db, definition.schema, definition.migrations);
  const { app, instance } = await buildService(definition, deps);
  await serve(app.callback(), {
    port: config.PORT,
    host: config.HOST,
    logger,
    message: `${definition.name} listening`,
    cleanups: [async () => instance.close?.(), async () => closeDb(db)],
  });
}

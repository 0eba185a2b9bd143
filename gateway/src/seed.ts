import { baseConfigSchema, closeDb, createDb, createLogger, internalApi, loadConfig, migrate } from "@rsv/kit";
import { serviceDefinitions } from "./services.js";

/** Migrates every service's schema and adds demo content where a service has none. */
export async function migrateAndSeed(options: { seed: boolean }): Promise<void> {
  const config = loadConfig(baseConfigSchema);
  const db = createDb({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const logger = createLogger("seed", config.LOG_LEVEL);
  try {
    for (const definition of Object.values(serviceDefinitions)) {
      const applied = await migrate(db, definition.schema, definition.migrations);
      if (applied.length) logger.info({ service: definition.name, applied }, "migrated");
      if (options.seed) await definition.seed?.({ config, env: process.env, db, logger, api: internalApi(config) });
    }
  } finally {
    await closeDb(db);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await migrateAndSeed({ seed: !process.argv.includes("--migrate-only") });
}

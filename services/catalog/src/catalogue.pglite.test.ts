import { afterAll, beforeAll, describe } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import os from "node:os";
import path from "node:path";
import {
  baseConfigSchema,
  buildService,
  closeDb,
  createDb,
  createLogger,
  internalApi,
  migrate,
  type Knex,
} from "@rsv/kit";
import { catalogService } from "./service.js";
import { catalogueReadChecks } from "./catalogue-reads.checks.js";

describe("catalogue reads over embedded PGlite", () => {
  let dir: string;
  let db: Knex;
  let server: Server;
  let url = "";

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "rsv-pglite-"));
    // Nothing listens on port 9: the click recording fails fast, as it may in production.
    const config = baseConfigSchema.parse({
      DATA_DIR: dir,
      INTERNAL_API_URL: "http://127.0.0.1:9",
      LOG_LEVEL: "silent",
    });
    db = createDb({ dataDir: dir });
    const deps = { config, db, logger: createLogger("catalog", "silent"), api: internalApi(config) };
    await migrate(db, catalogService.schema, catalogService.migrations);
    await catalogService.seed!(deps);
    const { app } = await buildService(catalogService, deps);
    server = app.listen(0);
    const address = server.address();
    url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  }, 60_000);

  afterAll(async () => {
    server?.close();
    await closeDb(db);
    rmSync(dir, { recursive: true, force: true });
  });

  catalogueReadChecks(() => url);
});

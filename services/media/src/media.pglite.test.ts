import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
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
import { mediaService } from "./service.js";

// Embedded mode (make start) runs over PGlite, which hands bytea back as a Uint8Array, not a Buffer.
describe("image library over embedded PGlite", () => {
  let dir: string;
  let db: Knex;
  let server: Server;
  let url = "";

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "rsv-media-"));
    const config = baseConfigSchema.parse({
      DATA_DIR: dir,
      INTERNAL_API_URL: "http://127.0.0.1:9",
      LOG_LEVEL: "silent",
    });
    db = createDb({ dataDir: dir });
    const deps = { config, db, logger: createLogger("media", "silent"), api: internalApi(config) };
    await migrate(db, mediaService.schema, mediaService.migrations);
    await mediaService.seed!(deps);
    await mediaService.seed!(deps);
    const { app } = await buildService(mediaService, deps);
    server = app.listen(0);
    const address = server.address();
    url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  }, 60_000);

  afterAll(async () => {
    server?.close();
    await closeDb(db);
    rmSync(dir, { recursive: true, force: true });
  });

  it("seeds each demo image once, at its size", async () => {
    const [row] = await db("media.images").count<{ n: number }[]>({ n: "*" });
    expect(Number(row?.n)).toBe(23);
    const product = await fetch(`${url}/api/images/demo-15.png`);
    expect(product.status).toBe(200);
    expect(product.headers.get("content-type")).toBe("image/png");
    expect(await sharp(Buffer.from(await product.arrayBuffer())).metadata()).toMatchObject({ width: 800, height: 800 });
  });

  it("resizes from the stored bytes", async () => {
    const post = await fetch(`${url}/api/images/demo-post-1.png?w=640`);
    expect(post.status).toBe(200);
    expect(await sharp(Buffer.from(await post.arrayBuffer())).metadata()).toMatchObject({ width: 640, height: 336 });
  });
});

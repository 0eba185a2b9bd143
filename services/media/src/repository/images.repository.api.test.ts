import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Knex } from "@rsv/kit";
import { openRepositoryDatabase, repositoryDatabases } from "@rsv/kit/testing";
import { mediaService } from "../service.js";
import { ImagesRepository, type NewImage } from "./images.repository.js";

function image(filename: string): NewImage {
  const data = Buffer.from(`bytes of ${filename}`);
  return {
    filename,
    originalName: `${filename}.original`,
    mimeType: "image/png",
    fileSize: data.length,
    width: 10,
    height: 20,
    sha256: createHash("sha256").update(data).digest("hex"),
    data,
  };
}

// One suite on both drivers: embedded mode's PGlite and the topology's PostgreSQL.
describe.each(repositoryDatabases)("media's images repository on %s", (kind) => {
  let db: Knex;
  let close = async () => {};
  let images: ImagesRepository;

  beforeAll(async () => {
    ({ db, close } = await openRepositoryDatabase(kind, mediaService));
    images = new ImagesRepository(db);
    // PGlite starts PostgreSQL in WebAssembly: seconds alone, over a minute beside other suites on a loaded machine.
  }, 180_000);

  afterAll(() => close());

  it("stores an image, finds its metadata and bytes, and lists it", async () => {
    const created = await images.create(image("stored.png"));
    expect(created).toMatchObject({ filename: "stored.png", mimeType: "image/png", width: 10, height: 20 });
    expect(await images.findMeta("stored.png")).toEqual(created);
    expect((await images.findData(created.id))?.toString()).toBe("bytes of stored.png");
    expect((await images.list()).map((meta) => meta.filename)).toContain("stored.png");
    expect(await images.existingNames(["stored.png", "absent.png"])).toEqual(new Set(["stored.png"]));
  });

  it("adds only the images whose names are free, counting them", async () => {
    expect(await images.insertMissing([image("seed-a.png"), image("seed-b.png")])).toBe(2);
    expect(await images.insertMissing([image("seed-a.png"), image("seed-c.png")])).toBe(1);
  });

  it("deletes an image that exists (its metadata), and answers undefined for one that does not", async () => {
    await images.create(image("deleted.png"));
    expect(await images.delete("deleted.png")).toMatchObject({ filename: "deleted.png" });
    expect(await images.findMeta("deleted.png")).toBeUndefined();
    expect(await images.delete("deleted.png")).toBeUndefined();
  });
});

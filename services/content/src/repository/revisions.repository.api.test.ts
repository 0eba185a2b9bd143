import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RevisionStore, type Knex } from "@rsv/kit";
import { openRepositoryDatabase, repositoryDatabases } from "@rsv/kit/testing";
import { contentService } from "../service.js";

const owner = { id: 1, email: "owner@example.com" };
const editor = { id: 2, email: "editor@example.com" };

// One suite on both drivers: embedded mode's PGlite and the topology's PostgreSQL.
describe.each(repositoryDatabases)("the revision store on %s", (kind) => {
  let db: Knex;
  let close = async () => {};
  let store: RevisionStore;

  beforeAll(async () => {
    ({ db, close } = await openRepositoryDatabase(kind, contentService));
    store = new RevisionStore(db, "content", 5);
  }, 180_000);

  afterAll(() => close());

  it("keeps the state before an item's first save, then each save with who made it and what changed", async () => {
    const first = await store.record({
      entity: "post",
      entityId: 101,
      actor: owner,
      before: { title: "Old", tags: ["a"] },
      after: { title: "New", tags: ["a"] },
    });
    await store.record({ entity: "post", entityId: 101, actor: editor, after: { title: "New", tags: ["a", "b"] } });
    const revisions = await store.list("post", 101);
    expect(revisions.map((r) => [r.actor?.email ?? null, r.changed, r.snapshot])).toEqual([
      ["editor@example.com", ["tags"], { title: "New", tags: ["a", "b"] }],
      ["owner@example.com", ["title"], { title: "New", tags: ["a"] }],
      [null, ["tags", "title"], { title: "Old", tags: ["a"] }],
    ]);
    expect(revisions[1]!.id).toBe(first);
    expect(revisions.every((r) => r.entityId === "101" && r.restoredFrom === null)).toBe(true);
  });

  it("keeps nothing for a save that changed nothing, but always keeps a restore", async () => {
    await store.record({ entity: "post", entityId: 102, actor: owner, after: { title: "Same" } });
    expect(await store.record({ entity: "post", entityId: 102, actor: owner, after: { title: "Same" } })).toBeNull();
    const [only] = await store.list("post", 102);
    const restored = await store.record({
      entity: "post",
      entityId: 102,
      actor: owner,
      after: { title: "Same" },
      restoredFrom: only!.id,
    });
    expect(await store.find("post", 102, restored!)).toMatchObject({ restoredFrom: only!.id, changed: [] });
  });

  it("keeps the newest revisions only, per item, and never touches another item's", async () => {
    for (let n = 1; n <= 8; n += 1) {
      await store.record({ entity: "product", entityId: 7, actor: owner, after: { n } });
    }
    await store.record({ entity: "settings", entityId: "site", actor: owner, after: { n: 0 } });
    expect((await store.list("product", 7)).map((r) => r.snapshot)).toEqual([
      { n: 8 },
      { n: 7 },
      { n: 6 },
      { n: 5 },
      { n: 4 },
    ]);
    // The oldest kept lists every field: there is nothing left to compare it with.
    expect((await store.list("product", 7)).at(-1)!.changed).toEqual(["n"]);
    expect(await store.list("settings", "site")).toHaveLength(1);
    expect(await store.find("product", 7, 1)).toBeUndefined();
  });
});

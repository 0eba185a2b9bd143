import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate, type Knex } from "@rsv/kit";
import { openRepositoryDatabase, repositoryDatabases } from "@rsv/kit/testing";
import { SettingsRepository } from "../repository/settings.repository.js";
import { contentService } from "../service.js";
import { content008 } from "./008_localized_description.js";

const before008 = contentService.migrations.filter((migration) => migration !== content008);
const english = "Independent reviews, written before the description had languages.";

describe.each(repositoryDatabases)("the site description per language on %s", (kind) => {
  let db: Knex;
  let close = async () => {};

  beforeAll(async () => {
    ({ db, close } = await openRepositoryDatabase(kind, { schema: "content", migrations: before008 }));
    await db("content.site_settings").insert({ id: 1, site_name: "Owner's site", description: english });
    // Revisions of the settings as they were kept before: one description, or none.
    await db("content.revisions").insert(
      [english, null].map((description) => ({
        entity: "settings",
        entity_id: "site",
        snapshot: JSON.stringify({ siteName: "Owner's site", description }),
      })),
    );
    await migrate(db, "content", contentService.migrations);
  }, 180_000);

  afterAll(() => close());

  it("keeps the owner's description as the English text, the Spanish one empty until written", async () => {
    const settings = await new SettingsRepository(db).get();
    expect(settings?.description).toEqual({ en: english, es: null });
    expect(settings?.siteName).toBe("Owner's site");
  });

  it("rewrites the settings' revisions the same way, so restoring one brings its words back", async () => {
    const snapshots = await db("content.revisions").where({ entity: "settings" }).orderBy("id").pluck("snapshot");
    const descriptions = snapshots.map(
      (snapshot: unknown) => (typeof snapshot === "string" ? JSON.parse(snapshot) : snapshot).description,
    );
    expect(descriptions).toEqual([
      { en: english, es: null },
      { en: null, es: null },
    ]);
  });
});

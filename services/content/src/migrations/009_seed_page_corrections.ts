import type { Knex, Migration } from "@rsv/kit";
import { readSeedPages } from "../seed/page-files.js";

interface PageRow {
  key: string;
  lang: string;
  title: string;
  meta_title: string | null;
  meta_description: string | null;
  body: string;
  updated_by: string | null;
}

/**
 * Gives every page no admin has saved (no `updated_by`: it still holds the words it was installed
 * with) its seed file's title, search title and description, body and date, where they differ. A page
 * an admin has saved is the owner's and stays as it is. A later correction to the seed files ships
 * with a migration of its own that calls this again.
 */
export async function refreshUnsavedPages(db: Knex): Promise<void> {
  const rows = await db<PageRow>("content.pages").whereNull("updated_by");
  const installed = new Map(rows.map((row) => [`${row.key}/${row.lang}`, row]));
  for (const seed of readSeedPages()) {
    const row = installed.get(`${seed.key}/${seed.lang}`);
    if (!row) continue;
    const values = {
      title: seed.title,
      meta_title: seed.metaTitle,
      meta_description: seed.metaDescription,
      body: seed.body,
    };
    const same = (Object.keys(values) as (keyof typeof values)[]).every((field) => row[field] === values[field]);
    if (same) continue;
    await db("content.pages")
      .where({ key: seed.key, lang: seed.lang })
      .whereNull("updated_by")
      .update({ ...values, updated_at: seed.updatedAt });
  }
}

/**
 * The seed's corrections of November 2026 on the installs that exist: the purity advice (98%+, and
 * nothing below 95%), the sirtuin claims said where they were seen, and the shorter titles.
 */
export const content009: Migration = {
  name: "009_seed_page_corrections",
  up: refreshUnsavedPages,
  // The words a page was installed with are not kept anywhere, so there is nothing to put back.
  async down() {},
};

import type { Knex } from "@rsv/kit";
import type { Page, PageValues } from "../domain/page.js";

const PAGES = "content.pages";

interface PageRow {
  key: string;
  lang: Page["lang"];
  title: string;
  meta_title: string | null;
  meta_description: string | null;
  body: string;
  updated_at: Date | string;
  updated_by: string | null;
}

function toPage(row: PageRow): Page {
  return {
    key: row.key,
    lang: row.lang,
    title: row.title,
    metaTitle: row.meta_title,
    metaDescription: row.meta_description,
    body: row.body,
    updatedAt: new Date(row.updated_at).toISOString(),
    updatedBy: row.updated_by,
  };
}

/** The guide, landing and legal pages and the FAQ, one row per page and language. */
export class PagesRepository {
  constructor(private readonly db: Knex) {}

  async list(): Promise<Page[]> {
    const rows = await this.db<PageRow>(PAGES).orderBy([{ column: "key" }, { column: "lang" }]);
    return rows.map(toPage);
  }

  async find(key: string, lang: Page["lang"]): Promise<Page | undefined> {
    const row = await this.db<PageRow>(PAGES).where({ key, lang }).first();
    return row ? toPage(row) : undefined;
  }

  /** Saves a page that exists (pages are made by the seed, not by the admin); undefined when there is none. */
  async save(key: string, lang: Page["lang"], values: PageValues, updatedBy: string | null): Promise<Page | undefined> {
    const [row] = await this.db<PageRow>(PAGES)
      .where({ key, lang })
      .update({
        title: values.title,
        meta_title: values.metaTitle,
        meta_description: values.metaDescription,
        body: values.body,
        updated_by: updatedBy,
        updated_at: this.db.fn.now() as unknown as Date,
      })
      .returning("*");
    return row ? toPage(row as PageRow) : undefined;
  }
}

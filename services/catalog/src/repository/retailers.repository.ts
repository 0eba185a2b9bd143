import type { Knex } from "@rsv/kit";

/** A retailer as the admin sees it: the name its offers carry, how many there are, its sub-ID template. */
export interface RetailerRecord {
  name: string;
  offers: number;
  subIdTemplate: string | null;
  /** One of its offers' addresses, for the example of a redirect; null when it has none. */
  sampleUrl: string | null;
}

/** Retailers are the distinct names on offers; their settings live in `catalog.retailers`. */
export class RetailersRepository {
  constructor(private readonly db: Knex) {}

  async list(): Promise<RetailerRecord[]> {
    const rows = (await this.db("catalog.offers as o")
      .leftJoin("catalog.retailers as r", "r.name", "o.retailer")
      .groupBy("o.retailer", "r.sub_id_template")
      .select("o.retailer as name", "r.sub_id_template")
      .count({ offers: "o.id" })
      .min({ sample_url: "o.url" })
      .orderByRaw("lower(o.retailer), o.retailer")) as {
      name: string;
      sub_id_template: string | null;
      offers: number | string;
      sample_url: string | null;
    }[];
    return rows.map((row) => ({
      name: row.name,
      offers: Number(row.offers),
      subIdTemplate: row.sub_id_template,
      sampleUrl: row.sample_url,
    }));
  }

  async find(name: string): Promise<RetailerRecord | undefined> {
    return (await this.list()).find((retailer) => retailer.name === name);
  }

  /** Sets (or with null clears) a retailer's template. */
  async setTemplate(name: string, template: string | null): Promise<void> {
    await this.db("catalog.retailers")
      .insert({ name, sub_id_template: template, updated_at: this.db.fn.now() })
      .onConflict("name")
      .merge(["sub_id_template", "updated_at"]);
  }

  /** The template counted clicks to this retailer's offers carry, or null. */
  async templateFor(name: string): Promise<string | null> {
    const row = (await this.db("catalog.retailers").where({ name }).first("sub_id_template")) as
      { sub_id_template: string | null } | undefined;
    return row?.sub_id_template ?? null;
  }
}

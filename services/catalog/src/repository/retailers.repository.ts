import type { Knex } from "@rsv/kit";
import { facetText } from "../domain/text.js";

/** One of a retailer's offers, for the example of a redirect: its address, market, id and product. */
export interface SampleOffer {
  url: string;
  market: string;
  offerId: number;
  productSlug: string;
}

/** A retailer as the admin sees it: the name its offers carry, how many there are, its sub-ID template. */
export interface RetailerRecord {
  name: string;
  offers: number;
  subIdTemplate: string | null;
  /** Its first offer, for the example of a redirect; null when it has none. */
  sample: SampleOffer | null;
  /** Its offers' addresses. */
  urls: string[];
}

/**
 * A retailer's name as offers are matched on: as it reads (facetText: composed accents, nothing
 * invisible, runs of white space one space), lower case. A name stored before offers were written
 * that way still matches its new spelling.
 */
export function retailerKey(name: string): string {
  return facetText(name).toLowerCase();
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
      .orderByRaw("lower(o.retailer), o.retailer")) as {
      name: string;
      sub_id_template: string | null;
      offers: number | string;
    }[];
    const offers = (await this.db("catalog.offers as o")
      .join("catalog.products as p", "p.id", "o.product_id")
      .orderBy("o.id")
      .select("o.retailer", "o.url", "o.market", "o.id", "p.slug")) as {
      retailer: string;
      url: string;
      market: string;
      id: number | string;
      slug: string;
    }[];
    // Each retailer's offers, oldest first, in one pass over them.
    const byRetailer = new Map<string, typeof offers>();
    for (const offer of offers) {
      const own = byRetailer.get(offer.retailer);
      if (own) own.push(offer);
      else byRetailer.set(offer.retailer, [offer]);
    }
    return rows.map((row) => {
      const own = byRetailer.get(row.name) ?? [];
      const first = own[0];
      return {
        name: row.name,
        offers: Number(row.offers),
        subIdTemplate: row.sub_id_template,
        sample: first
          ? { url: first.url, market: first.market, offerId: Number(first.id), productSlug: first.slug }
          : null,
        urls: own.map((offer) => offer.url),
      };
    });
  }

  /**
   * The name offers already give this retailer, whatever case and spacing it is typed in ("farmacia
   * sol" is "Farmacia Sol"), so one retailer keeps one template; the name as given when none does.
   */
  async spellingOf(name: string): Promise<string> {
    const names = (await this.db("catalog.offers")
      .distinct("retailer")
      .orderBy("retailer")
      .pluck("retailer")) as string[];
    return names.find((known) => retailerKey(known) === retailerKey(name)) ?? facetText(name);
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

  /**
   * The template counted clicks to this retailer's offers carry, or null: its own, else that of the
   * retailer spelt another way (offers saved before names were matched whatever their case).
   */
  async templateFor(name: string): Promise<string | null> {
    // Run for every counted click: one row, the exact name's before another case's.
    const row = (await this.db("catalog.retailers")
      .whereNotNull("sub_id_template")
      .whereRaw("lower(name) = lower(?)", [name])
      .orderByRaw("name = ? desc", [name])
      .first("sub_id_template")) as { sub_id_template: string } | undefined;
    return row?.sub_id_template ?? null;
  }
}

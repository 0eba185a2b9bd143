import { fromColumns, isUniqueViolation, toColumns, type Knex } from "@rsv/kit";
import { toPublicOffer, type OfferRecord } from "../domain/offer.js";
import type { ProductRecord, ProductValues } from "../domain/product.js";
import { OffersRepository } from "./offers.repository.js";

const PRODUCTS = "catalog.products";
const FORMER_SLUGS = "catalog.former_slugs";

interface ProductRow {
  id: number;
  slug: string;
  name: string;
  brand: string;
  description: string;
  image_url: string;
  rating: string | number;
  review_count: number;
  potency: string | null;
  source: string | null;
  best_for: string;
  price: string | number;
  placement: number | null;
  featured: boolean;
  badge: string | null;
  features: string[];
  benefits: string[];
  preferred_retailer: string | null;
  publish_at: Date | string | null;
  meta_title: string | null;
  meta_description: string | null;
  html_content: string | null;
  coupon_code: string | null;
  coupon_discount: string | null;
  coupon_description: string | null;
  in_stock: boolean;
  is_top_ranked: boolean;
  keywords: string | null;
  category: string | null;
  age_range: string | null;
  expert_grade: ProductRecord["expertGrade"];
  translations: ProductRecord["translations"] | string;
  created_at: Date | string;
  updated_at: Date | string;
}

function toRecord(row: ProductRow, offers: ProductRecord["offers"]): ProductRecord {
  return {
    ...fromColumns(row),
    offers,
    rating: Number(row.rating).toFixed(1),
    price: Number(row.price).toFixed(2),
    translations: typeof row.translations === "string" ? JSON.parse(row.translations) : row.translations,
    publishAt: row.publish_at === null ? null : new Date(row.publish_at).toISOString(),
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

function toRow(values: ProductValues): Omit<ProductRow, "id" | "slug" | "created_at" | "updated_at" | "offers"> {
  return {
    ...toColumns(values),
    translations: JSON.stringify(values.translations),
  };
}

/**
 * Visible to visitors: not scheduled, or its time has come. Decided at each read by the database's
 * clock (the same for every replica), so no timer has to fire and none can be lost to a restart.
 */
const PUBLIC = "(publish_at is null or publish_at <= now())";

interface Visibility {
  /** Products scheduled for later too (the admin's view). */
  includeScheduled?: boolean;
}

/** The advisory lock that orders writers of the ranking. */
const RANKING_LOCK = 7_300_001;
/** The contract's highest placement. */
const MAX_PLACEMENT = 20;

/** A slug made from this base: the base itself or the base with a clash suffix (-2, -3…). */
function isSlugOf(slug: string, base: string): boolean {
  return slug === base || new RegExp(`^${base}-\\d+$`).test(slug);
}

/** How often a save that lost its slug to another save at the same moment is tried. */
const SLUG_ATTEMPTS = 10;

export class ProductsRepository {
  private readonly offers: OffersRepository;

  constructor(private readonly db: Knex) {
    this.offers = new OffersRepository(db);
  }

  /** Public products (none scheduled for later), or every product with `includeScheduled`. */
  async list(options: Visibility = {}): Promise<ProductRecord[]> {
    const query = this.db<ProductRow>(PRODUCTS).select("*").orderBy("id");
    if (!options.includeScheduled) void query.whereRaw(PUBLIC);
    return this.withOffers(await query);
  }

  /** The products with their offers as visitors see them, read in one query. */
  private async withOffers(rows: ProductRow[]): Promise<ProductRecord[]> {
    const offers = await this.offers.forProducts(rows.map((row) => row.id));
    return rows.map((row) => toRecord(row, (offers.get(row.id) ?? []).map(toPublicOffer)));
  }

  private async one(row: ProductRow | undefined): Promise<ProductRecord | undefined> {
    return row ? (await this.withOffers([row]))[0] : undefined;
  }

  async count(): Promise<number> {
    const [row] = await this.db(PRODUCTS).count<{ n: number }[]>({ n: "*" });
    return Number(row?.n ?? 0);
  }

  async findById(id: number, options: Visibility = {}): Promise<ProductRecord | undefined> {
    return this.one(await this.visible(options).where({ id }).first());
  }

  /** By current slug, or by a slug the product had before it was renamed. */
  async findBySlug(slug: string, options: Visibility = {}): Promise<ProductRecord | undefined> {
    return this.one(await this.rowBySlug(slug, options));
  }

  /**
   * A public product with its offers as stored (addresses and health included), for the redirect: the
   * offers are read once, where findBySlug and a second offers query would read them twice.
   */
  async findOnSale(slug: string): Promise<{ product: ProductRecord; offers: OfferRecord[] } | undefined> {
    const row = await this.rowBySlug(slug, {});
    if (!row) return undefined;
    const offers = (await this.offers.forProducts([row.id])).get(row.id) ?? [];
    return { product: toRecord(row, offers.map(toPublicOffer)), offers };
  }

  private async rowBySlug(slug: string, options: Visibility): Promise<ProductRow | undefined> {
    return (
      (await this.visible(options).where({ slug }).first()) ??
      (await this.visible(options).whereIn("id", this.db(FORMER_SLUGS).select("product_id").where({ slug })).first())
    );
  }

  private visible(options: Visibility) {
    const query = this.db<ProductRow>(PRODUCTS);
    return options.includeScheduled ? query : query.whereRaw(PUBLIC);
  }

  /** Inserts with the slug base, adding -2, -3… on a clash (a concurrent insert of the same name retries). */
  async create(values: ProductValues, slugBase: string): Promise<ProductRecord> {
    for (let attempt = 0; attempt < SLUG_ATTEMPTS; attempt++) {
      const slug = await this.freeSlug(slugBase);
      try {
        const [row] = await this.db<ProductRow>(PRODUCTS)
          .insert({ ...toRow(values), slug })
          .returning("*");
        const { id } = row as ProductRow;
        if (values.placement === null) return toRecord(row as ProductRow, []);
        await this.db.transaction((trx) => this.rerank(trx, id));
        return (await this.findById(id, { includeScheduled: true }))!;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    }
    throw new Error(`Could not find a free slug for ${slugBase}`);
  }

  async update(id: number, values: ProductValues, slugBase: string): Promise<ProductRecord | undefined> {
    // Two products renamed alike at once can pick the same free slug; the one that loses tries again.
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.updateOnce(id, values, slugBase);
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= SLUG_ATTEMPTS) throw error;
      }
    }
  }

  private async updateOnce(id: number, values: ProductValues, slugBase: string): Promise<ProductRecord | undefined> {
    const updated = await this.db.transaction(async (trx) => {
      const current = await trx<ProductRow>(PRODUCTS).where({ id }).forUpdate().first();
      if (!current) return undefined;
      let slug = current.slug;
      if (!isSlugOf(current.slug, slugBase)) {
        slug = await this.freeSlug(slugBase, trx, id);
        await trx(FORMER_SLUGS).insert({ slug: current.slug, product_id: id }).onConflict("slug").merge();
        await trx(FORMER_SLUGS).where({ slug }).delete();
      }
      const [row] = await trx<ProductRow>(PRODUCTS)
        .where({ id })
        .update({ ...toRow(values), slug, updated_at: trx.fn.now() as unknown as Date })
        .returning("*");
      if (values.placement === current.placement) return row as ProductRow;
      await this.rerank(trx, id);
      return trx<ProductRow>(PRODUCTS).where({ id }).first();
    });
    return this.one(updated);
  }

  async delete(id: number): Promise<boolean> {
    // returning() rather than the affected-row count, which PGlite's knex dialect does not report.
    return this.db.transaction(async (trx) => {
      const deleted = await trx(PRODUCTS).where({ id }).delete().returning("id");
      if (deleted.length > 0) await this.rerank(trx);
      return deleted.length > 0;
    });
  }

  /**
   * Ranks stay 1, 2, 3… with one product each, so the admin's "Rank #n" is the public page's #n: the
   * product just placed takes its rank, the others keep their order around it (moving one shifts the
   * rest) and gaps close; past the last rank a product is unranked. One writer at a time.
   */
  private async rerank(trx: Knex, placedId?: number): Promise<void> {
    await trx.raw("select pg_advisory_xact_lock(?)", [RANKING_LOCK]);
    const ranked = await trx<ProductRow>(PRODUCTS)
      .select("id", "placement")
      .whereNotNull("placement")
      .orderBy([{ column: "placement" }, { column: "id" }]);
    const placed = ranked.find((row) => row.id === placedId);
    const order = ranked.filter((row) => row.id !== placedId);
    if (placed) order.splice(Math.min(placed.placement! - 1, order.length), 0, placed);
    for (const [index, row] of order.entries()) {
      const placement = index < MAX_PLACEMENT ? index + 1 : null;
      if (row.placement !== placement) await trx(PRODUCTS).where({ id: row.id }).update({ placement });
    }
  }

  private async freeSlug(base: string, db: Knex = this.db, ownId?: number): Promise<string> {
    const taken = new Set(
      (
        await db(PRODUCTS)
          .select<{ slug: string; id: number }[]>("slug", "id")
          .where("slug", base)
          .orWhere("slug", "like", `${base}-%`)
      )
        .filter((row) => row.id !== ownId)
        .map((row) => row.slug),
    );
    const formerOfOthers = new Set(
      (
        await db(FORMER_SLUGS)
          .select<{ slug: string; product_id: number }[]>("slug", "product_id")
          .where("slug", base)
          .orWhere("slug", "like", `${base}-%`)
      )
        .filter((row) => row.product_id !== ownId)
        .map((row) => row.slug),
    );
    for (let n = 1; ; n++) {
      const candidate = n === 1 ? base : `${base}-${n}`;
      if (!taken.has(candidate) && !formerOfOthers.has(candidate)) return candidate;
    }
  }
}

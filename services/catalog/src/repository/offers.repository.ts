import { isUniqueViolation, type Knex } from "@rsv/kit";
import type { OfferRecord, OfferStatus, OfferValues } from "../domain/offer.js";

const OFFERS = "catalog.offers";

interface OfferRow {
  id: number;
  product_id: number;
  retailer: string;
  market: string;
  url: string;
  price: string | number;
  currency: string;
  pack_size: number | null;
  health_status: OfferStatus;
  checked_at: Date | string | null;
  http_status: number | null;
  final_url: string | null;
  detail: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export function toOfferRecord(row: OfferRow): OfferRecord {
  return {
    id: row.id,
    productId: row.product_id,
    retailer: row.retailer,
    market: row.market,
    url: row.url,
    price: Number(row.price).toFixed(2),
    currency: row.currency,
    packSize: row.pack_size,
    health: {
      status: row.health_status,
      checkedAt: row.checked_at === null ? null : new Date(row.checked_at).toISOString(),
      httpStatus: row.http_status,
      finalUrl: row.final_url,
      detail: row.detail,
    },
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

function toRow(values: OfferValues) {
  return {
    product_id: values.productId,
    retailer: values.retailer,
    market: values.market,
    url: values.url,
    price: values.price,
    currency: values.currency,
    pack_size: values.packSize,
  };
}

/** Thrown when the product already has an offer with this market and address. */
export class DuplicateOffer extends Error {}

export interface OfferFilter {
  productId?: number;
  status?: OfferStatus;
  market?: string;
}

export class OffersRepository {
  constructor(private readonly db: Knex) {}

  /** By product, market, then price: the order the admin and the pages list them in. */
  async list(filter: OfferFilter = {}): Promise<OfferRecord[]> {
    const query = this.db<OfferRow>(OFFERS).select("*").orderBy(["product_id", "market", "price", "id"]);
    if (filter.productId !== undefined) void query.where("product_id", filter.productId);
    if (filter.status !== undefined) void query.where("health_status", filter.status);
    if (filter.market !== undefined) void query.where("market", filter.market);
    return (await query).map(toOfferRecord);
  }

  async forProducts(productIds: number[]): Promise<Map<number, OfferRecord[]>> {
    const byProduct = new Map<number, OfferRecord[]>(productIds.map((id) => [id, []]));
    if (productIds.length === 0) return byProduct;
    const rows = await this.db<OfferRow>(OFFERS)
      .select("*")
      .whereIn("product_id", productIds)
      .orderBy(["product_id", "market", "price", "id"]);
    for (const row of rows) byProduct.get(row.product_id)?.push(toOfferRecord(row));
    return byProduct;
  }

  async findById(id: number): Promise<OfferRecord | undefined> {
    const row = await this.db<OfferRow>(OFFERS).where({ id }).first();
    return row ? toOfferRecord(row) : undefined;
  }

  async create(values: OfferValues): Promise<OfferRecord> {
    try {
      const [row] = await this.db<OfferRow>(OFFERS).insert(toRow(values)).returning("*");
      return toOfferRecord(row as OfferRow);
    } catch (error) {
      throw isUniqueViolation(error) ? new DuplicateOffer() : error;
    }
  }

  /** Replaces the fields; a changed address forgets the old one's health, which said nothing of the new. */
  async update(id: number, values: OfferValues): Promise<OfferRecord | undefined> {
    return this.db.transaction(async (trx) => {
      const current = await trx<OfferRow>(OFFERS).where({ id }).forUpdate().first();
      if (!current) return undefined;
      const fresh =
        current.url === values.url
          ? {}
          : {
              health_status: "unchecked" as const,
              checked_at: null,
              http_status: null,
              final_url: null,
              detail: null,
              failures: 0,
            };
      try {
        const [row] = await trx<OfferRow>(OFFERS)
          .where({ id })
          .update({ ...toRow(values), ...fresh, updated_at: trx.fn.now() as unknown as Date })
          .returning("*");
        return toOfferRecord(row as OfferRow);
      } catch (error) {
        throw isUniqueViolation(error) ? new DuplicateOffer() : error;
      }
    });
  }

  async delete(id: number): Promise<boolean> {
    // returning() rather than the affected-row count, which PGlite's knex dialect does not report.
    const deleted = await this.db(OFFERS).where({ id }).delete().returning("id");
    return deleted.length > 0;
  }
}

import type { ApiClient, Logger } from "@rsv/kit";

interface ProductRef {
  name: string;
  slug: string;
}

const TTL_MS = 5 * 60_000;

/**
 * Names and slugs of products whose clicks do not carry them, asked of the catalog over HTTP
 * (never from its tables) and kept for a few minutes. A missing or unreachable catalog gives null.
 */
export class ProductNames {
  private cache = new Map<number, { ref: ProductRef | null; expires: number }>();

  constructor(
    private readonly api: ApiClient,
    private readonly logger: Logger,
  ) {}

  async lookup(id: number): Promise<ProductRef | null> {
    const hit = this.cache.get(id);
    if (hit && hit.expires > Date.now()) return hit.ref;
    let ref: ProductRef | null = null;
    try {
      const { data } = await this.api.GET("/api/products/{id}", {
        params: { path: { id } },
        signal: AbortSignal.timeout(2000),
      });
      ref = data ? { name: data.name, slug: data.slug } : null;
    } catch (error) {
      this.logger.warn({ err: error, productId: id }, "product name lookup failed");
      return null; // not cached: the catalog may be back soon
    }
    this.cache.set(id, { ref, expires: Date.now() + TTL_MS });
    return ref;
  }

  /** Fills in what the stored click lacks. */
  async complete<T extends { productId: number | null; productName: string | null; productSlug?: string | null }>(
    rows: T[],
  ): Promise<T[]> {
    const missing = [
      ...new Set(
        rows
          .filter((row) => row.productId !== null && (!row.productName || row.productSlug === null))
          .map((row) => row.productId!),
      ),
    ];
    const refs = new Map(await Promise.all(missing.map(async (id) => [id, await this.lookup(id)] as const)));
    return rows.map((row) => {
      const ref = row.productId !== null ? refs.get(row.productId) : undefined;
      if (!ref) return row;
      return {
        ...row,
        productName: row.productName || ref.name,
        ...(row.productSlug === null ? { productSlug: ref.slug } : {}),
      };
    });
  }
}

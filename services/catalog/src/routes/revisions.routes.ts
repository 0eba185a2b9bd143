import { sanitizeRichHtml } from "@rsv/kit/html";
import { notFound, revisionRoutes, type OperationRouter, type PreviewLinks, type RevisionStore } from "@rsv/kit";
import { localize, normalizeInput, productSlug, productSnapshot, type ProductInput } from "../domain/product.js";
import type { ProductsRepository } from "../repository/products.repository.js";

/** A product's revisions, restoring one, and the product a preview link shows. */
export function productRevisionRoutes(
  router: OperationRouter,
  products: ProductsRepository,
  revisions: RevisionStore,
  previews: PreviewLinks,
): void {
  revisionRoutes(router, revisions, {
    product: async (entityId, snapshot) => {
      // Through the same cleaning as an edit, so a revision saved before a field existed gets its default.
      const values = normalizeInput(snapshot as unknown as ProductInput, sanitizeRichHtml);
      const id = Number(entityId);
      if (!Number.isSafeInteger(id)) return undefined;
      // A restore brings back a version's words; it never takes a product that is public now offline
      // (a revision saved while it was scheduled would).
      const current = await products.findById(id, { includeScheduled: true });
      const publicNow = (at: string | null | undefined) => !at || Date.parse(at) <= Date.now();
      if (current && publicNow(current.publishAt) && !publicNow(values.publishAt)) values.publishAt = current.publishAt;
      const saved = await products.update(id, values, productSlug(values.name, values.brand));
      return saved && productSnapshot(saved);
    },
  });

  router.on("getProductPreview", async (ctx, { params }) => {
    const claim = previews.read(params.token, "product");
    const product = await products.findById(claim.id, { includeScheduled: true });
    if (!product) throw notFound("Product not found");
    ctx.set("Cache-Control", "private, no-store");
    ctx.set("X-Robots-Tag", "noindex");
    ctx.body = localize(product, claim.lang);
  });
}

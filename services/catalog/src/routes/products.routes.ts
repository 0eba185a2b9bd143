import { notFound, type OperationRouter } from "@rsv/kit";
import { sanitizeRichHtml } from "@rsv/kit/html";
import type { AnalyticsClient } from "../clients/analytics.client.js";
import { facets, filterProducts, sortProducts } from "../domain/listing.js";
import { affiliateTarget, visitorCountry } from "../domain/market.js";
import { localize, normalizeInput, productSlug, type Lang } from "../domain/product.js";
import type { ProductsRepository } from "../repository/products.repository.js";

/** Public reads kept as ready bytes until the next write (see @rsv/kit's read cache). */
const cached = { readCache: true };

export function productRoutes(router: OperationRouter, products: ProductsRepository, analytics: AnalyticsClient): void {
  const localizedList = async (lang: Lang = "en") => (await products.list()).map((p) => localize(p, lang));

  router.on(
    "listProducts",
    async (ctx, { query }) => {
      ctx.body = sortProducts(filterProducts(await localizedList(query.lang), query), query.sort);
    },
    cached,
  );

  router.on(
    "getProductFacets",
    async (ctx, { query }) => {
      ctx.body = facets(await localizedList(), query);
    },
    cached,
  );

  router.on(
    "getProductBySlug",
    async (ctx, { params, query }) => {
      const product = await products.findBySlug(params.slug);
      if (!product) throw notFound("Product not found");
      ctx.body = localize(product, query.lang ?? "en");
    },
    cached,
  );

  router.on(
    "getProduct",
    async (ctx, { params, query }) => {
      const product = await products.findById(params.id);
      if (!product) throw notFound("Product not found");
      ctx.body = localize(product, query.lang ?? "en");
    },
    cached,
  );

  router.on("createProduct", async (ctx, { body }) => {
    const values = normalizeInput(body, sanitizeRichHtml);
    ctx.status = 201;
    ctx.body = await products.create(values, productSlug(values.name, values.brand));
  });

  router.on("updateProduct", async (ctx, { params, body }) => {
    const values = normalizeInput(body, sanitizeRichHtml);
    const updated = await products.update(params.id, values, productSlug(values.name, values.brand));
    if (!updated) throw notFound("Product not found");
    ctx.body = updated;
  });

  router.on("deleteProduct", async (ctx, { params }) => {
    if (!(await products.delete(params.id))) throw notFound("Product not found");
    ctx.status = 204;
  });

  router.on("redirectToAffiliate", async (ctx, { params }) => {
    const product = await products.findBySlug(params.slug);
    if (!product) throw notFound("Product not found");
    const country = visitorCountry(ctx.get("x-country") || undefined, ctx.get("accept-language") || undefined);
    const target = affiliateTarget(product, country);
    // The click is recorded before the visitor leaves, but a slow analytics service never holds them up.
    await analytics
      .recordClick(
        { product, affiliateUrl: target, country },
        {
          ip: ctx.ip,
          userAgent: ctx.get("user-agent"),
          referrer: ctx.get("referer"),
          requestId: String(ctx.state.requestId),
        },
      )
      .catch((error: unknown) => ctx.state.log.warn({ err: error }, "click not recorded"));
    ctx.set("Cache-Control", "no-store");
    ctx.set("Referrer-Policy", "no-referrer-when-downgrade");
    ctx.redirect(target);
  });
}

import type { Context } from "koa";
import { notFound, type OperationRouter } from "@rsv/kit";
import { sanitizeRichHtml } from "@rsv/kit/html";
import type { AffiliateClick, ClickOrigin } from "../clients/analytics.client.js";
import { uncountedReason, type ClickRequest } from "../domain/click-signals.js";
import { facets, filterProducts, sortProducts } from "../domain/listing.js";
import { affiliateTarget, visitorCountry } from "../domain/market.js";
import { localize, normalizeInput, productSlug, type Lang } from "../domain/product.js";
import type { ProductsRepository } from "../repository/products.repository.js";

/** Public reads kept as ready bytes until the next write (see @rsv/kit's read cache). */
const cached = { readCache: true };

/** Where a counted click goes before the visitor is redirected: the catalog's outbox. */
export interface ClickRecorder {
  record(click: AffiliateClick, origin: ClickOrigin): Promise<void>;
}

export function productRoutes(router: OperationRouter, products: ProductsRepository, clicks: ClickRecorder): void {
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
    // Every visitor is redirected; a click counts only within the address's budget (the contract's
    // x-rate-limit) and when it looks like a person following the link.
    const uncounted = ctx.state.overBudget ? "over-budget" : uncountedReason(clickRequest(ctx));
    if (uncounted) ctx.state.log.debug({ reason: uncounted }, "click not counted");
    else {
      // One local insert: analytics gets the click from the outbox in the background, so a slow or
      // absent analytics service never holds the visitor up, and loses no click.
      await clicks
        .record(
          { product, affiliateUrl: target, country },
          {
            ip: ctx.ip,
            userAgent: ctx.get("user-agent"),
            referrer: ctx.get("referer"),
            requestId: String(ctx.state.requestId),
          },
        )
        .catch((error: unknown) => ctx.state.log.warn({ err: error }, "click not recorded"));
    }
    ctx.set("Cache-Control", "no-store");
    ctx.set("Referrer-Policy", "no-referrer-when-downgrade");
    ctx.redirect(target);
  });
}

/** The headers a click is judged by (see uncountedReason). */
function clickRequest(ctx: Context): ClickRequest {
  const header = (name: string) => ctx.get(name) || undefined;
  return {
    method: ctx.method,
    accept: header("accept"),
    acceptLanguage: header("accept-language"),
    secFetchMode: header("sec-fetch-mode"),
    secPurpose: header("sec-purpose"),
    purpose: header("purpose"),
    xMoz: header("x-moz"),
  };
}

import type { Context } from "koa";
import { notFound, unauthorized, type OperationRouter, type RevisionStore } from "@rsv/kit";
import { sanitizeRichHtml } from "@rsv/kit/html";
import type { AffiliateClick, ClickOrigin } from "../clients/analytics.client.js";
import { uncountedReason, type ClickRequest } from "../domain/click-signals.js";
import { facets, filterProducts, sortProducts, visitorPricing } from "../domain/listing.js";
import { applySubIdTemplate } from "../domain/sub-id.js";
import { bestOffer, isUsable, visitorCountry } from "@rsv/api/offer-rules";
import type { OfferRecord } from "../domain/offer.js";
import {
  localize,
  normalizeInput,
  productSlug,
  productSnapshot,
  type Lang,
  type ProductRecord,
} from "../domain/product.js";
import type { ProductsRepository } from "../repository/products.repository.js";

/** Public reads kept as ready bytes until the next write (see @rsv/kit's read cache). */
const cached = { readCache: true };

/** Where a counted click goes before the visitor is redirected: the catalog's outbox. */
export interface ClickRecorder {
  /** Keeps the click and answers its id (the analytics event's uid to be). */
  record(click: AffiliateClick, origin: ClickOrigin): Promise<string>;
  /** The retailer's sub-ID template (see domain/sub-id.ts), or null when it has none. */
  subIdTemplate(retailer: string): Promise<string | null>;
}

export function productRoutes(
  router: OperationRouter,
  products: ProductsRepository,
  revisions: RevisionStore,
  clicks: ClickRecorder,
): void {
  const localizedList = async (lang: Lang = "en", includeScheduled = false) =>
    (await products.list({ includeScheduled })).map((p) => localize(p, lang));

  router.on(
    "listProducts",
    async (ctx, { query, admin }) => {
      if (query.includeScheduled && !admin) throw unauthorized();
      // The admin's view (scheduled products too) is marked no-store, which also keeps it out of the read cache.
      if (query.includeScheduled) ctx.set("Cache-Control", "no-store");
      const listed = await localizedList(query.lang, query.includeScheduled);
      const pricing = visitorPricing(listed, query.country ?? null);
      ctx.body = sortProducts(filterProducts(listed, query, pricing), query.sort, pricing);
    },
    cached,
  );

  router.on(
    "getProductFacets",
    async (ctx, { query }) => {
      const listed = await localizedList();
      ctx.body = facets(listed, query, visitorPricing(listed, query.country ?? null));
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

  router.on("createProduct", async (ctx, { body, admin }) => {
    const values = normalizeInput(body, sanitizeRichHtml);
    const created = await products.create(values, productSlug(values.name, values.brand));
    await revisions.record({ entity: "product", entityId: created.id, actor: admin, after: productSnapshot(created) });
    ctx.status = 201;
    ctx.body = created;
  });

  router.on("updateProduct", async (ctx, { params, body, admin }) => {
    const values = normalizeInput(body, sanitizeRichHtml);
    const before = await products.findById(params.id, { includeScheduled: true });
    const updated = await products.update(params.id, values, productSlug(values.name, values.brand));
    if (!before || !updated) throw notFound("Product not found");
    await revisions.record({
      entity: "product",
      entityId: updated.id,
      actor: admin,
      before: productSnapshot(before),
      after: productSnapshot(updated),
    });
    ctx.state.audit = { before, after: updated };
    ctx.body = updated;
  });

  router.on("deleteProduct", async (ctx, { params }) => {
    const before = await products.findById(params.id, { includeScheduled: true });
    if (!(await products.delete(params.id))) throw notFound("Product not found");
    ctx.state.audit = { before };
    ctx.status = 204;
  });

  /** The offer for this visitor, or undefined when the product has none usable. */
  const offerFor = (ctx: Context, product: ProductRecord, own: OfferRecord[], offerId?: number) => {
    const country = visitorCountry(ctx.get("x-country") || undefined, ctx.get("accept-language") || undefined);
    const choices = own.map((offer) => ({ ...offer, status: offer.health.status }));
    const asked = offerId === undefined ? undefined : choices.find((offer) => offer.id === offerId);
    const chosen = asked && isUsable(asked) ? asked : bestOffer(choices, country, product.preferredRetailer);
    return { offer: chosen, country };
  };

  const redirect = async (ctx: Context, slug: string, offerId?: number, campaign?: number) => {
    const onSale = await products.findOnSale(slug);
    if (!onSale) {
      ctx.set("Cache-Control", "no-store");
      // A browser following a stale link reads the review page's "not found" in its language, with
      // a way to the comparison; other callers get the error envelope.
      if (ctx.accepts("json", "html") === "html") {
        ctx.redirect(reviewPath(slug, ctx.get("accept-language")));
        return;
      }
      throw notFound("Product not found");
    }
    const { product, offers } = onSale;
    const { offer, country } = offerFor(ctx, product, offers, offerId);
    ctx.set("Cache-Control", "no-store");
    if (!offer) {
      // Nowhere to buy it: the review page says so, in the visitor's language.
      ctx.redirect(reviewPath(product.slug, ctx.get("accept-language")));
      return;
    }
    // Every visitor is redirected; a click counts only within the address's budget (the contract's
    // x-rate-limit) and when it looks like a person following the link.
    const uncounted = ctx.state.overBudget ? "over-budget" : uncountedReason(clickRequest(ctx));
    // A counted click carries the retailer's sub-ID (its id, so the network's commission report names
    // it); an uncounted one, or one that could not be kept, goes to the plain address.
    let location = offer.url;
    if (uncounted) ctx.state.log.debug({ reason: uncounted }, "click not counted");
    else location = await recordClick(ctx, product, offer, country, campaign);
    ctx.set("Referrer-Policy", "no-referrer-when-downgrade");
    ctx.redirect(location);
  };

  const recordClick = async (
    ctx: Context,
    product: ProductRecord,
    offer: OfferRecord,
    country: string | null,
    campaign?: number,
  ): Promise<string> => {
    // One local insert: analytics gets the click from the outbox in the background, so a slow or
    // absent analytics service never holds the visitor up, and loses no click.
    const [clickId, template] = await Promise.all([
      clicks
        .record(
          {
            product,
            affiliateUrl: offer.url,
            country,
            offer: { id: offer.id, retailer: offer.retailer },
            placement: ctx.query.from === undefined ? undefined : String(ctx.query.from),
            ...(campaign ? { campaign } : {}),
          },
          {
            ip: ctx.ip,
            userAgent: ctx.get("user-agent"),
            referrer: ctx.get("referer"),
            requestId: String(ctx.state.requestId),
          },
        )
        .catch((error: unknown) => {
          ctx.state.log.warn({ err: error }, "click not recorded");
          return undefined;
        }),
      clicks.subIdTemplate(offer.retailer).catch((error: unknown) => {
        ctx.state.log.warn({ err: error }, "sub-ID template not read");
        return null;
      }),
    ]);
    if (!clickId || !template) return offer.url;
    return applySubIdTemplate(offer.url, template, {
      clickId,
      product: product.slug,
      offerId: String(offer.id),
      market: offer.market,
    });
  };

  router.on("redirectToAffiliate", async (ctx, { params, query }) => redirect(ctx, params.slug, undefined, query.c));
  router.on("redirectToOffer", async (ctx, { params, query }) => redirect(ctx, params.slug, params.offerId, query.c));
}

/** The review page's path in the language the visitor reads first (Spanish or English). */
function reviewPath(slug: string, acceptLanguage: string): string {
  const first = acceptLanguage.split(",")[0]?.trim().toLowerCase() ?? "";
  const spanish = first === "es" || first.startsWith("es-");
  return spanish ? `/es/resena/${encodeURIComponent(slug)}` : `/review/${encodeURIComponent(slug)}`;
}

/** The headers a click is judged by (see uncountedReason). */
function clickRequest(ctx: Context): ClickRequest {
  const header = (name: string) => ctx.get(name) || undefined;
  return {
    method: ctx.method,
    userAgent: header("user-agent"),
    accept: header("accept"),
    acceptLanguage: header("accept-language"),
    secFetchMode: header("sec-fetch-mode"),
    secPurpose: header("sec-purpose"),
    purpose: header("purpose"),
    xMoz: header("x-moz"),
  };
}

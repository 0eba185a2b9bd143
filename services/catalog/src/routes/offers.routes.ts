import { badRequest, conflict, notFound, type OperationRouter } from "@rsv/kit";
import type { OfferCheck } from "@rsv/api/client";
import { normalizeOffer, type OfferInput, type OfferRecord, type OfferValues } from "../domain/offer.js";
import { DuplicateOffer, type OffersRepository } from "../repository/offers.repository.js";
import type { ProductsRepository } from "../repository/products.repository.js";

export interface OfferRouteDeps {
  offers: OffersRepository;
  /** The name offers already give a retailer typed in another case or spacing (see RetailersRepository). */
  retailerSpelling(name: string): Promise<string>;
  products: ProductsRepository;
  /** Each offer's last checks, newest first. */
  recentChecks(offerIds: number[]): Promise<Map<number, OfferCheck[]>>;
  /** Asks for these offers to be checked in the background, now. */
  checkSoon(offerIds: number[]): void;
}

export function offerRoutes(router: OperationRouter, deps: OfferRouteDeps): void {
  const withChecks = async (records: OfferRecord[]) => {
    const checks = await deps.recentChecks(records.map((offer) => offer.id));
    return records.map((offer) => ({ ...offer, recentChecks: checks.get(offer.id) ?? [] }));
  };

  /** Validated values for a product that exists; 400 naming `productId` when it does not. */
  const valuesOf = async (input: OfferInput): Promise<OfferValues> => {
    const values = normalizeOffer(input);
    if (!(await deps.products.findById(values.productId, { includeScheduled: true }))) {
      throw badRequest("Invalid offer", [{ path: "body.productId", message: `No product ${values.productId}` }]);
    }
    return { ...values, retailer: await deps.retailerSpelling(values.retailer) };
  };

  const refusingDuplicates = async <T>(write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } catch (error) {
      if (error instanceof DuplicateOffer) throw conflict("The product already has an offer with this market and URL");
      throw error;
    }
  };

  router.on("listOffers", async (ctx, { query }) => {
    ctx.body = await withChecks(await deps.offers.list(query));
  });

  router.on("createOffer", async (ctx, { body }) => {
    const values = await valuesOf(body);
    const created = await refusingDuplicates(() => deps.offers.create(values));
    deps.checkSoon([created.id]);
    ctx.status = 201;
    ctx.body = { ...created, recentChecks: [] };
  });

  router.on("updateOffer", async (ctx, { params, body }) => {
    const values = await valuesOf(body);
    const before = await deps.offers.findById(params.id);
    if (!before) throw notFound("Offer not found");
    const updated = await refusingDuplicates(() => deps.offers.update(params.id, values));
    if (!updated) throw notFound("Offer not found");
    if (updated.url !== before.url) deps.checkSoon([updated.id]);
    ctx.state.audit = { before, after: updated };
    ctx.body = (await withChecks([updated]))[0];
  });

  router.on("deleteOffer", async (ctx, { params }) => {
    const before = await deps.offers.findById(params.id);
    if (!(await deps.offers.delete(params.id))) throw notFound("Offer not found");
    ctx.state.audit = { before };
    ctx.status = 204;
  });
}

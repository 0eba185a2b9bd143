import { badRequest, notFound, type OperationRouter } from "@rsv/kit";
import { applySubIdTemplate, checkSubIdTemplate, overwrittenParameters } from "../domain/sub-id.js";
import type { RetailerRecord, RetailersRepository } from "../repository/retailers.repository.js";

/** The example click id the admin sees in a template's example address. */
export const EXAMPLE_CLICK_ID = "00000000-0000-4000-8000-000000000000";

// The admin warns of the parameters a template replaces in the offers' addresses: a stale sub-ID is
// meant to go, the site's own affiliate tag is not, and only the owner knows which is which.
const withExample = (retailer: RetailerRecord) => ({
  name: retailer.name,
  offers: retailer.offers,
  subIdTemplate: retailer.subIdTemplate,
  // The retailer's first offer, as a counted click to it would go.
  exampleUrl:
    retailer.sample && retailer.subIdTemplate
      ? applySubIdTemplate(retailer.sample.url, retailer.subIdTemplate, {
          clickId: EXAMPLE_CLICK_ID,
          product: retailer.sample.productSlug,
          offerId: String(retailer.sample.offerId),
          market: retailer.sample.market,
        })
      : (retailer.sample?.url ?? null),
  replaces: retailer.subIdTemplate ? overwrittenParameters(retailer.subIdTemplate, retailer.urls) : [],
});

export function retailerRoutes(router: OperationRouter, retailers: RetailersRepository): void {
  router.on("listRetailers", async (ctx) => {
    ctx.body = (await retailers.list()).map(withExample);
  });

  router.on("updateRetailer", async (ctx, { params, body }) => {
    const template = body.subIdTemplate?.trim() || null;
    if (template !== null) {
      const details = checkSubIdTemplate(template);
      if (details.length > 0) throw badRequest("Invalid sub-ID template", details);
    }
    const before = await retailers.find(params.retailer);
    if (!before) throw notFound("No offer names this retailer");
    await retailers.setTemplate(params.retailer, template);
    const after = { ...before, subIdTemplate: template };
    ctx.state.audit = {
      target: { entity: "retailers", id: before.name },
      before: { name: before.name, subIdTemplate: before.subIdTemplate },
      after: { name: after.name, subIdTemplate: after.subIdTemplate },
    };
    ctx.body = withExample(after);
  });
}

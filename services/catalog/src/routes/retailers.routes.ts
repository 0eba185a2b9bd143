import { badRequest, notFound, type OperationRouter } from "@rsv/kit";
import { applySubIdTemplate, checkSubIdTemplate } from "../domain/sub-id.js";
import type { RetailerRecord, RetailersRepository } from "../repository/retailers.repository.js";

/** The example click id the admin sees in a template's example address. */
export const EXAMPLE_CLICK_ID = "00000000-0000-4000-8000-000000000000";

const withExample = (retailer: RetailerRecord) => ({
  name: retailer.name,
  offers: retailer.offers,
  subIdTemplate: retailer.subIdTemplate,
  exampleUrl:
    retailer.sampleUrl && retailer.subIdTemplate
      ? applySubIdTemplate(retailer.sampleUrl, retailer.subIdTemplate, {
          clickId: EXAMPLE_CLICK_ID,
          product: "product-slug",
          offerId: "1",
          market: "default",
        })
      : retailer.sampleUrl,
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

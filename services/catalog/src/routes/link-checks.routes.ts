import type { OperationRouter } from "@rsv/kit";
import type { LinkChecks } from "../jobs/link-checker-scheduler.js";

/**
 * The admin's link checks: a run now, its progress, and the schedule and sold-out phrases. Bind
 * these before the offers' `/api/offers/{id}` routes, which would otherwise take `/api/offers/settings`.
 */
export function linkCheckRoutes(router: OperationRouter, checks: LinkChecks): void {
  router.on("checkOffers", async (ctx, { body }) => {
    ctx.status = 202;
    ctx.body = await checks.request(body.ids);
    ctx.state.audit = { target: { entity: "offer-check-runs" }, after: { offers: body.ids ?? "all" } };
  });

  router.on("getOfferCheckRun", async (ctx) => {
    ctx.body = await checks.latestRun();
  });

  router.on("getLinkCheckSettings", async (ctx) => {
    ctx.body = await checks.settings();
  });

  router.on("updateLinkCheckSettings", async (ctx, { body }) => {
    const before = await checks.settings();
    ctx.body = await checks.updateSettings(body);
    ctx.state.audit = { target: { entity: "link-check-settings" }, before, after: ctx.body };
  });
}

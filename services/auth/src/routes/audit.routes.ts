import { forbidden, isInternalCall, type OperationRouter } from "@rsv/kit";
import type { AuditEventsRepository } from "../repository/audit-events.repository.js";

/** The activity log: read by the owner, appended to by the site's own services (never edited). */
export function auditRoutes(
  router: OperationRouter,
  deps: { events: AuditEventsRepository; internalToken?: string },
): void {
  router.on("listAuditEvents", async (ctx, { query }) => {
    ctx.body = await deps.events.list({
      actor: query.actor,
      action: query.action,
      from: query.from ? new Date(query.from) : undefined,
      to: query.to ? new Date(query.to) : undefined,
      before: query.before,
      limit: query.limit ?? 50,
    });
  });

  router.on("recordAuditEvents", async (ctx, { body }) => {
    if (!isInternalCall(ctx, deps.internalToken)) throw forbidden("Only the site's own services may record events");
    await deps.events.append(body.events);
    ctx.status = 204;
  });
}

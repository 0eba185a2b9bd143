import { badRequest, notFound, type OperationRouter } from "@rsv/kit";
import { INVALID_EMAIL, exportFilename, exportText, validEmail } from "../domain/subscriber.js";
import type { SubscribersRepository } from "../repository/subscribers.repository.js";

export function newsletterRoutes(router: OperationRouter, subscribers: SubscribersRepository): void {
  router.on("subscribe", async (ctx, { body }) => {
    // The contract lets surrounding whitespace through; the address is checked once normalised.
    const email = validEmail(body.email);
    if (!email) throw badRequest(INVALID_EMAIL, [{ path: "body.email", message: INVALID_EMAIL }]);
    // The same answer for a new, a known and an unsubscribed address: it tells nobody who is on the list.
    await subscribers.subscribe(email);
    ctx.status = 202;
    ctx.body = { status: "received", email };
  });

  router.on("listSubscribers", async (ctx) => {
    ctx.set("Cache-Control", "no-store");
    ctx.body = await subscribers.list();
  });

  router.on("deleteSubscriber", async (ctx, { params }) => {
    const found = await subscribers.findById(params.id);
    if (!(await subscribers.delete(params.id))) throw notFound("Subscriber not found");
    // The address is not kept in the activity log: removing someone removes their address from the site.
    const { email: _email, ...before } = found ?? { email: "" };
    ctx.state.audit = { target: { entity: "subscribers" }, before };
    ctx.status = 204;
  });

  router.on("exportSubscribers", async (ctx) => {
    ctx.set("Cache-Control", "no-store");
    ctx.set("Content-Disposition", `attachment; filename="${exportFilename()}"`);
    ctx.type = "text/plain; charset=utf-8";
    const emails = await subscribers.activeEmails();
    ctx.body = exportText(emails);
    // What left the site: how many addresses, never the addresses themselves.
    ctx.state.audit = { target: { entity: "subscribers" }, after: { exported: emails.length } };
  });

  router.on("unsubscribe", async (ctx, { body }) => {
    if (!(await subscribers.unsubscribe(body.token))) throw notFound("Unsubscribe link not found");
    ctx.body = { status: "unsubscribed" };
  });
}

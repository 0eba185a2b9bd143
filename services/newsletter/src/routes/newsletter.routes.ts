import type { Context } from "koa";
import { badRequest, notFound, type OperationRouter } from "@rsv/kit";
import {
  INVALID_EMAIL,
  exportCsv,
  exportFilename,
  sourcePathOf,
  validEmail,
  wellFormedToken,
} from "../domain/subscriber.js";
import {
  confirmPage,
  confirmedPage,
  invalidConfirmationPage,
  invalidUnsubscribePage,
  isOneClickBody,
  languageOf,
  testUnsubscribePage,
  unsubscribePage,
  unsubscribedPage,
} from "../domain/pages.js";
import { testTokenLanguage } from "../domain/email.js";
import type { SubscribersRepository } from "../repository/subscribers.repository.js";
import type { Confirmations } from "../jobs/confirmations.js";

const MAX_FORM_BYTES = 4096;

/** The raw body of a small form post (koa-body reads JSON only), at most MAX_FORM_BYTES. */
async function readForm(ctx: Context): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_FORM_BYTES) throw badRequest("Form is too large");
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function html(ctx: Context, status: number, page: string): void {
  ctx.status = status;
  ctx.type = "text/html; charset=utf-8";
  ctx.set("Cache-Control", "no-store");
  ctx.set("Referrer-Policy", "no-referrer");
  ctx.body = page;
}

export function newsletterRoutes(
  router: OperationRouter,
  subscribers: SubscribersRepository,
  confirmations: Confirmations,
  options: { singleOptIn: boolean; /** The site's name, which the pages say. */ siteName: () => Promise<string> },
): void {
  router.on("subscribe", async (ctx, { body }) => {
    // The contract lets surrounding whitespace through; the address is checked once normalised.
    const email = validEmail(body.email);
    if (!email) throw badRequest(INVALID_EMAIL, [{ path: "body.email", message: INVALID_EMAIL }]);
    // The same answer for a new, a known and an unsubscribed address: it tells nobody who is on the list.
    const due = await subscribers.subscribe({
      email,
      language: body.language ?? "en",
      sourcePath: sourcePathOf(body.sourcePath),
      singleOptIn: options.singleOptIn,
    });
    // Sent after the answer, whatever the mail server does: a slow or absent server holds nobody up.
    if (due) confirmations.send(due);
    ctx.status = 202;
    ctx.body = { status: "received", email };
  });

  router.on("showConfirmation", async (ctx, { params }) => {
    const site = await options.siteName();
    const { usable, language } = wellFormedToken(params.token)
      ? await subscribers.confirmation(params.token)
      : { usable: false, language: undefined };
    const lang = language ?? languageOf(ctx.get("accept-language"));
    // The form posts back to this very address, whatever host or prefix it was reached through.
    html(
      ctx,
      usable ? 200 : 404,
      usable ? confirmPage(lang, site, encodeURIComponent(params.token)) : invalidConfirmationPage(lang, site),
    );
  });

  router.on("confirmSubscription", async (ctx, { params }) => {
    const site = await options.siteName();
    await readForm(ctx);
    const { confirmed, language } = wellFormedToken(params.token)
      ? await subscribers.confirm(params.token)
      : { confirmed: false, language: undefined };
    const lang = language ?? languageOf(ctx.get("accept-language"));
    html(ctx, confirmed ? 200 : 404, confirmed ? confirmedPage(lang, site) : invalidConfirmationPage(lang, site));
  });

  router.on("showUnsubscribe", async (ctx, { params }) => {
    const site = await options.siteName();
    // A test message's link: the owner checking the test is told so, in the message's language.
    const test = testTokenLanguage(params.token);
    if (test) return html(ctx, 200, testUnsubscribePage(test, site));
    const link = wellFormedToken(params.token) ? await subscribers.unsubscribeLink(params.token) : undefined;
    if (!link) return html(ctx, 404, invalidUnsubscribePage(languageOf(ctx.get("accept-language")), site));
    // Someone who has left already is told so, not offered the button again.
    if (!link.subscribed) return html(ctx, 200, unsubscribedPage(link.language, site));
    // The form posts back to this very address, whatever host or prefix it was reached through.
    html(ctx, 200, unsubscribePage(link.language, site, encodeURIComponent(params.token)));
  });

  router.on("unsubscribeOneClick", async (ctx, { params }) => {
    const site = await options.siteName();
    const body = await readForm(ctx);
    if (!isOneClickBody(ctx.get("content-type"), body))
      throw badRequest("Expected List-Unsubscribe=One-Click", [
        { path: "body.List-Unsubscribe", message: "Expected List-Unsubscribe=One-Click" },
      ]);
    // A mail client's own unsubscribe button on a test message: nobody to unsubscribe, and it says why.
    const test = testTokenLanguage(params.token);
    if (test) return html(ctx, 200, testUnsubscribePage(test, site));
    const language = wellFormedToken(params.token) ? await subscribers.unsubscribe(params.token) : undefined;
    if (!language) return html(ctx, 404, invalidUnsubscribePage(languageOf(ctx.get("accept-language")), site));
    html(ctx, 200, unsubscribedPage(language, site));
  });

  router.on("listSubscribers", async (ctx, { query }) => {
    ctx.set("Cache-Control", "no-store");
    ctx.body = await subscribers.list(query.status);
  });

  router.on("deleteSubscriber", async (ctx, { params }) => {
    const found = await subscribers.findById(params.id);
    if (!(await subscribers.delete(params.id))) throw notFound("Subscriber not found");
    // The address is not kept in the activity log: removing someone removes their address from the site.
    const { email: _email, ...before } = found ?? { email: "" };
    ctx.state.audit = { target: { entity: "subscribers" }, before };
    ctx.status = 204;
  });

  router.on("exportSubscribers", async (ctx, { query }) => {
    const status = query.status ?? "confirmed";
    ctx.set("Cache-Control", "no-store");
    ctx.set("Content-Disposition", `attachment; filename="${exportFilename(new Date(), status)}"`);
    ctx.type = "text/csv; charset=utf-8";
    const exported = await subscribers.ofStatus(status);
    ctx.body = exportCsv(exported);
    // What left the site: how many addresses of which status, never the addresses themselves.
    ctx.state.audit = { target: { entity: "subscribers" }, after: { exported: exported.length, status } };
  });

  router.on("unsubscribe", async (ctx, { body }) => {
    if (!(await subscribers.unsubscribe(body.token))) throw notFound("Unsubscribe link not found");
    ctx.body = { status: "unsubscribed" };
  });
}

import { scheduleProblem, SCHEDULE_AHEAD_DAYS, type ScheduleProblem } from "@rsv/api/campaign-rules";
import { badRequest, conflict, notFound, unavailable, type OperationRouter } from "@rsv/kit";
import type { Mailer } from "../clients/mail.client.js";
import { HeaderInjection, testMessage, type SiteLinksSource } from "../domain/email.js";
import type { Campaign, CampaignsRepository } from "../repository/campaigns.repository.js";
import type { OutboxRepository } from "../repository/outbox.repository.js";
import type { CampaignDispatcher } from "../jobs/campaign-dispatcher.js";

const SCHEDULE_PROBLEMS: Record<ScheduleProblem, string> = {
  invalid: "sendAt is not a time that exists",
  past: "That time has passed: choose a later one, or send now",
  tooFar: `A campaign is scheduled at most ${SCHEDULE_AHEAD_DAYS} days ahead`,
};

const OUTBOX_SHOWN = 200;

/** The repository's answer as HTTP: the campaign, or 404, or 409 when its state does not allow the change. */
function found(result: Campaign | undefined | "locked", refusal: string): Campaign {
  if (result === undefined) throw notFound("Campaign not found");
  if (result === "locked") throw conflict(refusal);
  return result;
}

/** Belt and braces beside the contract's pattern: no line break reaches a header. */
function assertSubjects(subject: { en: string; es: string }): void {
  for (const lang of ["en", "es"] as const) {
    if (/[\r\n]/.test(subject[lang])) {
      const message = "The subject must not contain a line break.";
      throw badRequest(message, [{ path: `body.subject.${lang}`, message }]);
    }
  }
}

export function campaignRoutes(
  router: OperationRouter,
  deps: {
    campaigns: CampaignsRepository;
    outbox: OutboxRepository;
    mailer: Mailer;
    dispatcher: CampaignDispatcher;
    links: SiteLinksSource;
  },
): void {
  const { campaigns, outbox, mailer, dispatcher, links } = deps;

  router.on("listOutbox", async (ctx) => {
    ctx.body = { smtp: mailer.mode === "smtp", messages: await outbox.list(OUTBOX_SHOWN) };
  });

  router.on("listCampaigns", async (ctx) => {
    ctx.body = await campaigns.list();
  });

  router.on("createCampaign", async (ctx, { body }) => {
    assertSubjects(body.subject);
    ctx.status = 201;
    ctx.body = await campaigns.create(body);
  });

  router.on("getCampaign", async (ctx, { params }) => {
    const campaign = await campaigns.get(params.id);
    if (!campaign) throw notFound("Campaign not found");
    ctx.body = campaign;
  });

  router.on("updateCampaign", async (ctx, { params, body }) => {
    assertSubjects(body.subject);
    ctx.body = found(await campaigns.update(params.id, body), "A campaign being sent or sent cannot change");
  });

  router.on("sendCampaign", async (ctx, { params, body }) => {
    const sendAt = body?.sendAt ? new Date(body.sendAt) : null;
    const problem = sendAt && scheduleProblem(sendAt, new Date());
    if (problem) {
      const message = SCHEDULE_PROBLEMS[problem];
      throw badRequest(message, [{ path: "body.sendAt", message }]);
    }
    // A time just passed means now.
    const at = sendAt && sendAt.getTime() > Date.now() ? sendAt : null;
    const campaign = found(await campaigns.schedule(params.id, at), "This campaign was sent already");
    if (!at) dispatcher.wake();
    ctx.status = 202;
    ctx.body = campaign;
  });

  router.on("sendTestEmail", async (ctx, { params, body }) => {
    const campaign = await campaigns.content(params.id);
    if (!campaign) throw notFound("Campaign not found");
    let message;
    try {
      // A test has no subscriber: its unsubscribe link's page says it was a test, in the message's language.
      message = testMessage(await links(), campaign, { email: body.email.trim(), lang: body.language ?? "en" });
    } catch (error) {
      if (error instanceof HeaderInjection)
        throw badRequest(error.message, [{ path: `body.${error.field}`, message: error.message }]);
      throw error;
    }
    const outcome = await mailer.send(message);
    if (outcome.kind !== "sent") throw unavailable(`The mail server did not take the message: ${outcome.error}`);
    ctx.status = 202;
    ctx.body = { status: mailer.mode === "smtp" ? "sent" : "kept" };
  });

  router.on("pauseCampaign", async (ctx, { params }) => {
    ctx.body = found(
      await campaigns.transition(params.id, ["scheduled", "sending"], "paused"),
      "Only a scheduled campaign or one being sent can pause",
    );
  });

  router.on("resumeCampaign", async (ctx, { params }) => {
    const campaign = found(
      await campaigns.transition(params.id, ["paused"], (row) => (row.started_at ? "sending" : "scheduled")),
      "Only a paused campaign can resume",
    );
    if (campaign.status === "sending") await dispatcher.enqueue(campaign.id);
    else dispatcher.wake();
    ctx.body = campaign;
  });

  router.on("cancelCampaign", async (ctx, { params }) => {
    ctx.body = found(
      await campaigns.transition(params.id, ["draft", "scheduled", "sending", "paused"], "cancelled"),
      "This campaign is over already",
    );
  });
}

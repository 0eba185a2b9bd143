import { HttpError, badRequest, isInternalCall, type BeaconContext, type OperationRouter } from "@rsv/kit";
import type { JobQueue } from "@rsv/kit/queue";
import { handedOver, senderEventUid, toRecord, type EventRecord, type TrackEvent } from "../domain/event.js";
import { isPreviewPage } from "../domain/dimensions.js";
import { UserAgents } from "../domain/user-agent.js";
import { lastDays, minutesAgo, zeroFilled } from "../domain/summary.js";
import type { ProductNames } from "../clients/product-names.js";
import { siteDays, visitorHash } from "../domain/visitor-hash.js";
import type { DailySalts } from "../repository/salts.repository.js";
import type { EventsRepository } from "../repository/events.repository.js";
import type { ReportRepository } from "../repository/report.repository.js";
import { BREAKDOWNS, checkRange, reportCsv, reportFileName, withoutMoney } from "../domain/report.js";

export interface AnalyticsRouteDeps {
  queue: JobQueue<EventRecord>;
  salts: DailySalts;
  saltSecret: string | undefined;
  events: EventsRepository;
  reports: ReportRepository;
  names: ProductNames;
  queueTimeoutMs: number;
  /** The services' shared secret: only a call carrying it may record an affiliate click. */
  internalToken: string | undefined;
}

const CLICKS_FROM_THE_SITE_ONLY =
  "Affiliate clicks are recorded by the site itself when a visitor follows /go/{slug}, not by this call";

export function analyticsRoutes(router: OperationRouter, deps: AnalyticsRouteDeps): void {
  const { queue, salts, events, names } = deps;
  const userAgents = new UserAgents();
  const siteDay = siteDays(deps.reports.timeZone);

  /**
   * Queues a request's events (none from a known bot, which gets the same answer as everyone, so it
   * learns nothing) and resolves once every one is durably queued: in Redis when BullMQ backs the
   * queue, with the events of concurrent requests in one job. A failure is a 503.
   */
  async function record(ctx: BeaconContext, all: TrackEvent[], internal: boolean): Promise<void> {
    // The visitor's address: for a click, the one the catalog named with the secret (see clientAddress).
    const address = ctx.ip;
    const userAgent = ctx.get("user-agent");
    const agent = userAgents.read(userAgent);
    if (agent.bot) return;
    // A preview link's views are the owner's look at a draft, and its address holds the link's signature.
    const list = all.filter((event) => event.eventType !== "page_view" || !isPreviewPage(event.eventData.page));
    if (list.length === 0) return;
    const arrived = new Date();
    const clicks = list.map((body) => (internal ? handedOver(body, arrived) : undefined));
    // The salt of the day the event was made: a click handed over after the site's midnight keeps
    // the key of the visit it was made in (a request from the catalog carries one click).
    const salt = await salts.forDay(siteDay(clicks[0]?.at ?? arrived));
    // The address is used here and nowhere else: never stored or logged.
    const hash = visitorHash(salt, deps.saltSecret, address, userAgent);
    const records = list.map((body, at) => {
      const click = clicks[at];
      return toRecord(body, {
        userAgent,
        browser: agent.browser,
        referrer: ctx.get("referer"),
        countryHeader: ctx.get("x-country"),
        visitorHash: hash,
        now: click?.at ?? arrived,
        uid: click?.uid ?? senderEventUid(body),
        ownHost: ctx.hostname,
      });
    });
    try {
      // Added in one turn of the event loop, so a batch's events share their group commit's job.
      await Promise.all(records.map((item) => queue.add(item, { timeoutMs: deps.queueTimeoutMs })));
    } catch (error) {
      ctx.state.log.error({ err: error, events: records.length }, "event not queued");
      throw new HttpError(503, "unavailable", "The event could not be recorded, try again later");
    }
  }

  // Every page view of every visitor: answered before Koa when it is an ordinary request (see beacon.ts).
  router.beacon("trackEvent", async (ctx, { body }) => {
    // The gateway's access log has every beacon under the same request id; only failures get a line here.
    ctx.state.quiet = true;
    // A click counts only when the catalog recorded it on the way to the retailer: a browser cannot
    // inflate the owner's figures or put made-up names into the public activity feed.
    const internal = isInternalCall(ctx, deps.internalToken);
    if (body.eventType === "affiliate_click" && !internal) {
      throw badRequest(CLICKS_FROM_THE_SITE_ONLY, [{ path: "body.eventType", message: CLICKS_FROM_THE_SITE_ONLY }]);
    }
    await record(ctx, [body], internal);
    ctx.status = 202;
    ctx.body = { queued: true };
  });

  router.beacon("trackEvents", async (ctx, { body }) => {
    ctx.state.quiet = true;
    const seen = new Map<string, number>();
    body.events.forEach((event, at) => {
      const id = event.eventId;
      const first = seen.get(id);
      if (first !== undefined)
        throw badRequest(`events ${first} and ${at} carry the same eventId`, [
          { path: `body.events.${at}.eventId`, message: `repeats the eventId of event ${first}` },
        ]);
      seen.set(id, at);
    });
    // Page views only: the contract has no click in a batch (clicks come from the catalog, one at a time).
    await record(ctx, body.events, false);
    ctx.status = 202;
    ctx.body = { queued: true };
  });

  router.on("getAnalyticsReport", async (ctx, { query, admin }) => {
    checkRange(query.from, query.to);
    const filters = Object.fromEntries(
      BREAKDOWNS.filter((dimension) => query[dimension] !== undefined).map((dimension) => [
        dimension,
        query[dimension],
      ]),
    );
    const counted = await deps.reports.report({
      from: query.from,
      to: query.to,
      breakdown: query.breakdown,
      filters,
      limit: query.limit ?? 100,
    });
    const report = admin?.role === "owner" ? counted : withoutMoney(counted);
    if (query.format === "csv") {
      ctx.type = "text/csv; charset=utf-8";
      ctx.attachment(reportFileName(query.breakdown, query.from, query.to, filters));
      ctx.body = reportCsv(report);
      return;
    }
    ctx.body = report;
  });

  router.on("getAnalyticsTimeZone", (ctx) => {
    ctx.set("Cache-Control", "no-store");
    ctx.body = { timeZone: deps.reports.timeZone };
  });

  router.on("getAnalyticsSummary", async (ctx) => {
    const now = new Date();
    // Like the chart, the total and the top products count the last 7 days (UTC), as the contract says.
    const days = lastDays(now);
    const since = new Date(`${days[0]!}T00:00:00Z`);
    const [top, latest, perDay, lastHalfHour] = await Promise.all([
      events.topProducts(since),
      events.latestClicks(),
      events.clicksPerDay(days[0]!),
      events.visitorsSince(new Date(now.getTime() - 30 * 60_000)),
    ]);
    const clicksByDate = zeroFilled(days, perDay);
    const [topNamed, latestNamed] = await Promise.all([names.complete(top), names.complete(latest)]);
    ctx.set("Cache-Control", "no-store");
    ctx.body = {
      totalClicks: clicksByDate.reduce((sum, day) => sum + day.clicks, 0),
      topProducts: topNamed.map((p) => ({
        productId: p.productId,
        productName: p.productName ?? `Product #${p.productId}`,
        clicks: p.clicks,
      })),
      recentEvents: latestNamed.map((click) => ({
        id: click.id,
        event_type: "affiliate_click",
        product_name: click.productName,
        timestamp: click.timestamp.toISOString(),
      })),
      clicksByDate,
      visitorsLast30Minutes: lastHalfHour,
      timeZone: deps.reports.timeZone,
    };
  });

  router.on("getRecentActivity", async (ctx) => {
    const now = new Date();
    const clicks = await names.complete(await events.recentClicks(now));
    // Only what a toast needs: which product, roughly where and when; nothing about who.
    ctx.set("Cache-Control", "public, max-age=30");
    ctx.body = clicks
      .filter((click) => click.productName)
      .map((click) => ({
        productName: click.productName!,
        productSlug: click.productSlug,
        country: click.country && /^[A-Z]{2}$/.test(click.country) ? click.country : null,
        minutesAgo: minutesAgo(now, click.timestamp),
      }));
  });
}

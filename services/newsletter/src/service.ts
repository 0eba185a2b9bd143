import { loadConfig, startAuditRelay, type ServiceDefinition } from "@rsv/kit";
import { OutboxMailer, SmtpMailer, type Mailer } from "./clients/mail.client.js";
import { SiteName } from "./clients/site-name.client.js";
import { senderOf } from "./domain/email.js";
import { newsletterSettingsSchema } from "./config.js";
import { CampaignDispatcher } from "./jobs/campaign-dispatcher.js";
import { CampaignSender } from "./jobs/campaign-sender.js";
import { Confirmations } from "./jobs/confirmations.js";
import { BullDeliveries, InProcessDeliveries, type DeliveryQueueOptions } from "./jobs/delivery-queue.js";
import { migrations } from "./migrations/index.js";
import { CampaignsRepository } from "./repository/campaigns.repository.js";
import { OutboxRepository } from "./repository/outbox.repository.js";
import { SubscribersRepository } from "./repository/subscribers.repository.js";
import { campaignRoutes } from "./routes/campaigns.routes.js";
import { newsletterRoutes } from "./routes/newsletter.routes.js";

export const newsletterService: ServiceDefinition = {
  name: "newsletter",
  schema: "newsletter",
  migrations,
  create: ({ db, api, config, env, logger }) => {
    const audit = startAuditRelay({ db, schema: "newsletter", api, internalToken: config.INTERNAL_TOKEN, logger });
    const settings = loadConfig(newsletterSettingsSchema, env);
    const origin = settings.PUBLIC_ORIGIN.replace(/\/+$/, "");
    const siteName = new SiteName(api, logger);
    const links = async () => ({ origin, siteName: await siteName.current() });
    const subscribers = new SubscribersRepository(db);
    const campaigns = new CampaignsRepository(db);
    const outbox = new OutboxRepository(db);
    // No SMTP server configured (make start): every message is kept in the outbox, shown in the admin.
    const from = async () => senderOf(settings.MAIL_FROM, await siteName.current());
    const mailer: Mailer = settings.SMTP_URL
      ? new SmtpMailer(settings.SMTP_URL, from, settings.NEWSLETTER_SEND_CONCURRENCY, logger)
      : new OutboxMailer(outbox, from);
    const confirmations = new Confirmations(mailer, links, logger);
    const sender = new CampaignSender({
      campaigns,
      subscribers,
      mailer,
      links,
      maxAttempts: settings.NEWSLETTER_MAX_ATTEMPTS,
      logger,
    });
    const queueOptions: DeliveryQueueOptions = {
      deliver: (job) => sender.deliver(job),
      perMinute: settings.NEWSLETTER_MESSAGES_PER_MINUTE,
      concurrency: settings.NEWSLETTER_SEND_CONCURRENCY,
      retryDelayMs: settings.NEWSLETTER_RETRY_DELAY_MS,
      retryMaxDelayMs: settings.NEWSLETTER_RETRY_MAX_DELAY_MS,
      // Room beyond the delivery's own limit, which ends the retries first.
      attempts: settings.NEWSLETTER_MAX_ATTEMPTS + 2,
      logger,
    };
    const queue = config.REDIS_URL
      ? new BullDeliveries(config.REDIS_URL, queueOptions)
      : new InProcessDeliveries(queueOptions);
    const dispatcher = new CampaignDispatcher({
      sender,
      queue,
      campaigns,
      pollMs: settings.NEWSLETTER_SCHEDULE_POLL_MS,
      soleSender: !config.REDIS_URL,
      logger,
    });
    dispatcher.start();
    logger.info(
      { mail: mailer.mode },
      mailer.mode === "smtp" ? "mail goes out over SMTP" : "no SMTP_URL: mail kept in the outbox",
    );
    return {
      audit,
      routes: (router) => {
        campaignRoutes(router, { campaigns, outbox, mailer, dispatcher, links });
        newsletterRoutes(router, subscribers, confirmations, {
          singleOptIn: settings.NEWSLETTER_SINGLE_OPT_IN,
          siteName: () => siteName.current(),
        });
      },
      close: async () => {
        await dispatcher.close();
        await confirmations.close();
        await mailer.close();
        await audit.close();
      },
    };
  },
};

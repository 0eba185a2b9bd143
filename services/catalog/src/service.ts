import { loadConfig, PreviewLinks, RevisionStore, startAuditRelay, type ServiceDefinition } from "@rsv/kit";
import { AnalyticsClient } from "./clients/analytics.client.js";
import { catalogSettingsSchema } from "./config.js";
import { ClickRelay } from "./jobs/click-relay.js";
import { LinkChecker, linkCheckerOptions } from "./jobs/link-checker.js";
import { startLinkChecks } from "./jobs/link-checker-scheduler.js";
import { migrations } from "./migrations/index.js";
import { ClickOutbox } from "./repository/click-outbox.repository.js";
import { OfferChecksRepository, recentChecks } from "./repository/offer-checks.repository.js";
import { OffersRepository } from "./repository/offers.repository.js";
import { ProductsRepository } from "./repository/products.repository.js";
import { RetailersRepository } from "./repository/retailers.repository.js";
import { linkCheckRoutes } from "./routes/link-checks.routes.js";
import { offerRoutes } from "./routes/offers.routes.js";
import { productRoutes } from "./routes/products.routes.js";
import { retailerRoutes } from "./routes/retailers.routes.js";
import { productRevisionRoutes } from "./routes/revisions.routes.js";
import { seedCatalog } from "./seed/seed.js";

export const catalogService: ServiceDefinition = {
  name: "catalog",
  schema: "catalog",
  migrations,
  create: ({ db, api, config, env, logger }) => {
    const settings = loadConfig(catalogSettingsSchema, env);
    const products = new ProductsRepository(db);
    const offers = new OffersRepository(db);
    const revisions = new RevisionStore(db, "catalog");
    const outbox = new ClickOutbox(db);
    const retailers = new RetailersRepository(db);
    const relay = new ClickRelay(outbox, new AnalyticsClient(api, config.INTERNAL_TOKEN), logger);
    relay.start();
    const audit = startAuditRelay({ db, schema: "catalog", api, internalToken: config.INTERNAL_TOKEN, logger });
    // Offer links checked in the background; `linkChecks.checkSoon(ids)` queues a check of new or changed offers.
    const checks = new OfferChecksRepository(db);
    const linkChecks = startLinkChecks({
      checker: new LinkChecker(linkCheckerOptions(settings)),
      repo: checks,
      logger,
      redisUrl: config.REDIS_URL,
    });
    return {
      audit,
      routes: (router) => {
        // First: /api/offers/settings and /api/offers/check before the offers' /api/offers/{id}.
        linkCheckRoutes(router, linkChecks);
        // /api/offers/retailers too.
        retailerRoutes(router, retailers);
        // Revisions of products, and the product a preview link shows.
        productRevisionRoutes(router, products, revisions, new PreviewLinks(config.INTERNAL_TOKEN));
        productRoutes(router, products, revisions, {
          record: async (click, origin) => {
            const id = await outbox.add(click, origin);
            relay.wake();
            return id;
          },
          subIdTemplate: (retailer) => retailers.templateFor(retailer),
        });
        offerRoutes(router, {
          offers,
          products,
          retailerSpelling: (name) => retailers.spellingOf(name),
          recentChecks: (ids) => recentChecks(db, ids),
          checkSoon: (ids) => linkChecks.checkSoon(ids),
        });
      },
      close: async () => {
        await linkChecks.close();
        await relay.close();
        await audit.close();
      },
    };
  },
  seed: async ({ db, logger }) => {
    const added = await seedCatalog(new ProductsRepository(db), new OffersRepository(db));
    if (added) logger.info({ added }, "seeded demo products");
  },
};

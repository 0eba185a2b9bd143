import type { ServiceDefinition } from "@rsv/kit";
import { AnalyticsClient } from "./clients/analytics.client.js";
import { ClickRelay } from "./jobs/click-relay.js";
import { migrations } from "./migrations/001_products.js";
import { products002 } from "./migrations/002_expert_grade.js";
import { products003 } from "./migrations/003_click_outbox.js";
import { products004 } from "./migrations/004_offers.js";
import { products005 } from "./migrations/005_publish_at.js";
import { ClickOutbox } from "./repository/click-outbox.repository.js";
import { OffersRepository } from "./repository/offers.repository.js";
import { ProductsRepository } from "./repository/products.repository.js";
import { offerRoutes } from "./routes/offers.routes.js";
import { productRoutes } from "./routes/products.routes.js";
import { seedCatalog } from "./seed/seed.js";

export const catalogService: ServiceDefinition = {
  name: "catalog",
  schema: "catalog",
  migrations: [...migrations, products002, products003, products004, products005],
  create: ({ db, api, config, logger }) => {
    const products = new ProductsRepository(db);
    const offers = new OffersRepository(db);
    const outbox = new ClickOutbox(db);
    const relay = new ClickRelay(outbox, new AnalyticsClient(api, config.INTERNAL_TOKEN), logger);
    relay.start();
    return {
      routes: (router) => {
        productRoutes(router, products, offers, {
          record: async (click, origin) => {
            await outbox.add(click, origin);
            relay.wake();
          },
        });
        offerRoutes(router, {
          offers,
          products,
          recentChecks: async (ids) => new Map(ids.map((id) => [id, []])),
          checkSoon: () => undefined,
        });
      },
      close: () => relay.close(),
    };
  },
  seed: async ({ db, logger }) => {
    const added = await seedCatalog(new ProductsRepository(db), new OffersRepository(db));
    if (added) logger.info({ added }, "seeded demo products");
  },
};

import type { ServiceDefinition } from "@rsv/kit";
import { AnalyticsClient } from "./clients/analytics.client.js";
import { migrations } from "./migrations/001_products.js";
import { products002 } from "./migrations/002_expert_grade.js";
import { ProductsRepository } from "./repository/products.repository.js";
import { productRoutes } from "./routes/products.routes.js";
import { seedCatalog } from "./seed/seed.js";

export const catalogService: ServiceDefinition = {
  name: "catalog",
  schema: "catalog",
  migrations: [...migrations, products002],
  create: ({ db, api, config }) => {
    const products = new ProductsRepository(db);
    const analytics = new AnalyticsClient(api, config.INTERNAL_TOKEN);
    return { routes: (router) => productRoutes(router, products, analytics) };
  },
  seed: async ({ db, logger }) => {
    const added = await seedCatalog(new ProductsRepository(db));
    if (added) logger.info({ added }, "seeded demo products");
  },
};

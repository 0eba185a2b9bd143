import type { ServiceDefinition } from "@rsv/kit";
import { AnalyticsClient } from "./clients/analytics.client.js";
import { migrations } from "./migrations/001_products.js";
import { ProductsRepository } from "./repository/products.repository.js";
import { productRoutes } from "./routes/products.routes.js";
import { seedCatalog } from "./seed/seed.js";

export const catalogService: ServiceDefinition = {
  name: "catalog",
  schema: "catalog",
  migrations,
  create: ({ db, api }) => {
    const products = new ProductsRepository(db);
    return { routes: (router) => productRoutes(router, products, new AnalyticsClient(api)) };
  },
  seed: async ({ db, logger }) => {
    const added = await seedCatalog(new ProductsRepository(db));
    if (added) logger.info({ added }, "seeded demo products");
  },
};

import { startAuditRelay, type ServiceDefinition } from "@rsv/kit";
import { VariantCache } from "./domain/variants.js";
import { migrations } from "./migrations/index.js";
import { ImagesRepository } from "./repository/images.repository.js";
import { imageRoutes } from "./routes/images.routes.js";
import { seedDemoImages } from "./seed/seed.js";

export const mediaService: ServiceDefinition = {
  name: "media",
  schema: "media",
  migrations,
  create: ({ db, api, config, logger }) => {
    const audit = startAuditRelay({ db, schema: "media", api, internalToken: config.INTERNAL_TOKEN, logger });
    const images = new ImagesRepository(db);
    const variants = new VariantCache();
    return { audit, close: () => audit.close(), routes: (router) => imageRoutes(router, images, variants) };
  },
  seed: async ({ db, logger }) => {
    const started = Date.now();
    const added = await seedDemoImages(new ImagesRepository(db));
    if (added) logger.info({ added, ms: Date.now() - started }, "seeded demo images");
  },
};

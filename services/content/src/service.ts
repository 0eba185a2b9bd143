import { startAuditRelay, type ServiceDefinition } from "@rsv/kit";
import { migrations } from "./migrations/index.js";
import { PostsRepository } from "./repository/posts.repository.js";
import { SettingsRepository } from "./repository/settings.repository.js";
import { postRoutes } from "./routes/posts.routes.js";
import { settingsRoutes } from "./routes/settings.routes.js";
import { seedPosts, seedSettings } from "./seed/seed.js";

export const contentService: ServiceDefinition = {
  name: "content",
  schema: "content",
  migrations,
  create: ({ db, api, config, logger }) => {
    const audit = startAuditRelay({ db, schema: "content", api, internalToken: config.INTERNAL_TOKEN, logger });
    const posts = new PostsRepository(db);
    const settings = new SettingsRepository(db);
    return {
      audit,
      close: () => audit.close(),
      // Article HTML can be long; the contract allows 200 000 characters of content.
      jsonLimit: "1mb",
      routes: (router) => {
        postRoutes(router, posts);
        settingsRoutes(router, settings);
      },
    };
  },
  seed: async ({ db, logger }) => {
    const added = await seedPosts(new PostsRepository(db));
    if (added) logger.info({ added }, "seeded demo posts");
    if (await seedSettings(new SettingsRepository(db))) logger.info("seeded demo site settings");
  },
};

import type { ServiceDefinition } from "@rsv/kit";
import { migrations } from "./migrations/index.js";
import { PagesRepository } from "./repository/pages.repository.js";
import { PostsRepository } from "./repository/posts.repository.js";
import { SettingsRepository } from "./repository/settings.repository.js";
import { pageRoutes } from "./routes/pages.routes.js";
import { postRoutes } from "./routes/posts.routes.js";
import { settingsRoutes } from "./routes/settings.routes.js";
import { seedPosts, seedSettings } from "./seed/seed.js";

export const contentService: ServiceDefinition = {
  name: "content",
  schema: "content",
  migrations,
  create: ({ db }) => {
    const posts = new PostsRepository(db);
    const settings = new SettingsRepository(db);
    return {
      // Article HTML can be long; the contract allows 200 000 characters of content.
      jsonLimit: "1mb",
      routes: (router) => {
        postRoutes(router, posts);
        settingsRoutes(router, settings);
        pageRoutes(router, new PagesRepository(db));
      },
    };
  },
  seed: async ({ db, logger }) => {
    const added = await seedPosts(new PostsRepository(db));
    if (added) logger.info({ added }, "seeded demo posts");
    if (await seedSettings(new SettingsRepository(db))) logger.info("seeded demo site settings");
  },
};

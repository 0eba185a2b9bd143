import { loadConfig, PreviewLinks, RevisionStore, startAuditRelay, type ServiceDefinition } from "@rsv/kit";
import { contentSettingsSchema } from "./config.js";
import { migrations } from "./migrations/index.js";
import { PostsRepository } from "./repository/posts.repository.js";
import { SettingsRepository } from "./repository/settings.repository.js";
import { postRoutes } from "./routes/posts.routes.js";
import { contentRevisionRoutes } from "./routes/revisions.routes.js";
import { settingsRoutes } from "./routes/settings.routes.js";
import { seedPosts, seedSettings } from "./seed/seed.js";

export const contentService: ServiceDefinition = {
  name: "content",
  schema: "content",
  migrations,
  create: ({ db, api, config, env, logger }) => {
    const own = loadConfig(contentSettingsSchema, env);
    const audit = startAuditRelay({ db, schema: "content", api, internalToken: config.INTERNAL_TOKEN, logger });
    const posts = new PostsRepository(db);
    const settings = new SettingsRepository(db);
    const revisions = new RevisionStore(db, "content");
    const previews = new PreviewLinks(config.INTERNAL_TOKEN, own.PREVIEW_LINK_HOURS * 3_600_000);
    return {
      audit,
      close: () => audit.close(),
      // Article HTML can be long; the contract allows 200 000 characters of content.
      jsonLimit: "1mb",
      routes: (router) => {
        // First: /api/blog/preview/{token} before the posts' /api/blog/{id}.
        contentRevisionRoutes(router, { posts, settings, revisions }, previews);
        postRoutes(router, posts, revisions);
        settingsRoutes(router, settings, revisions);
      },
    };
  },
  seed: async ({ db, logger }) => {
    const added = await seedPosts(new PostsRepository(db));
    if (added) logger.info({ added }, "seeded demo posts");
    if (await seedSettings(new SettingsRepository(db))) logger.info("seeded demo site settings");
  },
};

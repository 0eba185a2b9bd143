import { startAuditRelay, type ServiceDefinition } from "@rsv/kit";
import { migrations } from "./migrations/index.js";
import { SubscribersRepository } from "./repository/subscribers.repository.js";
import { newsletterRoutes } from "./routes/newsletter.routes.js";

export const newsletterService: ServiceDefinition = {
  name: "newsletter",
  schema: "newsletter",
  migrations,
  create: ({ db, api, config, logger }) => {
    const audit = startAuditRelay({ db, schema: "newsletter", api, internalToken: config.INTERNAL_TOKEN, logger });
    const subscribers = new SubscribersRepository(db);
    return { audit, close: () => audit.close(), routes: (router) => newsletterRoutes(router, subscribers) };
  },
};

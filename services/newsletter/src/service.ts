import type { ServiceDefinition } from "@rsv/kit";
import { migrations } from "./migrations/001_subscribers.js";
import { SubscribersRepository } from "./repository/subscribers.repository.js";
import { newsletterRoutes } from "./routes/newsletter.routes.js";

export const newsletterService: ServiceDefinition = {
  name: "newsletter",
  schema: "newsletter",
  migrations,
  create: ({ db }) => {
    const subscribers = new SubscribersRepository(db);
    return { routes: (router) => newsletterRoutes(router, subscribers) };
  },
};

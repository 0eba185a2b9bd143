import type { ServiceDefinition } from "@rsv/kit";
import { analyticsService } from "@rsv/analytics/service";
import { authService } from "@rsv/auth/service";
import { catalogService } from "@rsv/catalog/service";
import { chatService } from "@rsv/chat/service";
import { contentService } from "@rsv/content/service";
import { mediaService } from "@rsv/media/service";
import { newsletterService } from "@rsv/newsletter/service";
import type { Upstream } from "./route-table.js";

/** Every API service by its upstream name in the route table. */
export const serviceDefinitions: Record<Exclude<Upstream, "web">, ServiceDefinition> = {
  catalog: catalogService,
  content: contentService,
  media: mediaService,
  analytics: analyticsService,
  chat: chatService,
  newsletter: newsletterService,
  auth: authService,
};

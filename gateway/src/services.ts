import type { ServiceDefinition } from "@rsv/kit";
import { catalogService } from "@rsv/catalog/service";
import type { Upstream } from "./route-table.js";

/** Every API service by its upstream name in the route table. */
export const serviceDefinitions: Partial<Record<Exclude<Upstream, "web">, ServiceDefinition>> = {
  catalog: catalogService,
};

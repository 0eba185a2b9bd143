import { Counter, Histogram, Registry, collectDefaultMetrics } from "prom-client";

export interface HttpMetrics {
  registry: Registry;
  requestDuration: Histogram<"method" | "route" | "status">;
  errors: Counter<"route" | "code">;
  /** Beacon requests answered before Koa (see beacon.ts); the others of the route went through Koa. */
  leanBeacons: Counter<"route">;
}

/** One registry per process, labelled with its name; `route` is an operation id or a kind of page. */
export function createHttpMetrics(process: string): HttpMetrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service: process });
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    requestDuration: new Histogram({
      name: "http_request_duration_seconds",
      help: "Time to answer a request, by route and status",
      labelNames: ["method", "route", "status"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    }),
    errors: new Counter({
      name: "http_errors_total",
      help: "Error responses, by route and error code",
      labelNames: ["route", "code"],
      registers: [registry],
    }),
    leanBeacons: new Counter({
      name: "http_beacon_lean_requests_total",
      help: "Beacon requests answered on the lean path, by route (the rest of the route's requests went through Koa)",
      labelNames: ["route"],
      registers: [registry],
    }),
  };
}

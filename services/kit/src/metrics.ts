import { Counter, Histogram, Registry, collectDefaultMetrics } from "prom-client";

export interface ServiceMetrics {
  registry: Registry;
  requestDuration: Histogram<"method" | "operation" | "status">;
  errors: Counter<"operation" | "code">;
}

export function createMetrics(service: string): ServiceMetrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    requestDuration: new Histogram({
      name: "http_request_duration_seconds",
      help: "Time to answer a request, by operation and status",
      labelNames: ["method", "operation", "status"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    }),
    errors: new Counter({
      name: "http_errors_total",
      help: "Error responses, by operation and error code",
      labelNames: ["operation", "code"],
      registers: [registry],
    }),
  };
}

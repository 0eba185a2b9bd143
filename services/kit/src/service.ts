import type Koa from "koa";
import type { Knex } from "knex";
import { createApiClient } from "@rsv/api/client";
import { createServiceApp, type OperationRouter } from "./app.js";
import { createRateLimits } from "./rate-limit.js";
import type { BaseConfig } from "./config.js";
import type { Migration } from "./db.js";
import { proxyList, type Logger, type ReadinessCheck } from "./runtime/index.js";
import { ReadCache } from "./read-cache.js";
import type { AuditSink } from "./audit.js";
import { remoteSessionResolver, type SessionResolver } from "./session.js";

export type ApiClient = ReturnType<typeof createApiClient>;

/** What a service is given to work with; the same in embedded mode and as its own process. */
export interface ServiceDeps {
  config: BaseConfig;
  /** The environment, for a service's own settings: read them with `loadConfig(schema, deps.env)`. */
  env: Record<string, string | undefined>;
  db: Knex;
  logger: Logger;
  /** Typed client for calls to other services, through the gateway. */
  api: ApiClient;
}

export interface ServiceInstance {
  routes(router: OperationRouter): void;
  readiness?: ReadinessCheck[];
  resolveSession?: SessionResolver;
  jsonLimit?: string;
  /** Larger JSON limits for these exact paths (see ServiceAppOptions). */
  jsonLimits?: Record<string, string>;
  /** Where the activity log's events of this service's admin operations go (`startAuditRelay`, or auth's own table). */
  audit?: AuditSink;
  /** Releases what the service opened (queues, Redis connections); the database is closed by the caller. */
  close?(): Promise<void>;
}

/** One service: its name, its schema, its migrations and how to build it. */
export interface ServiceDefinition {
  name: string;
  schema: string;
  migrations: Migration[];
  create(deps: ServiceDeps): ServiceInstance | Promise<ServiceInstance>;
  seed?(deps: ServiceDeps): Promise<void>;
}

export function internalApi(config: BaseConfig): ApiClient {
  return createApiClient({ baseUrl: config.INTERNAL_API_URL });
}

export async function buildService(
  definition: ServiceDefinition,
  deps: ServiceDeps,
): Promise<{ app: Koa; instance: ServiceInstance }> {
  const created = await definition.create(deps);
  const rateLimits = createRateLimits(deps.config.REDIS_URL, deps.logger, deps.config.RATE_LIMIT_SCALE);
  const instance: ServiceInstance = {
    ...created,
    close: async () => {
      await created.close?.();
      await rateLimits.close();
    },
  };
  const app = createServiceApp({
    name: definition.name,
    logger: deps.logger,
    db: deps.db,
    resolveSession: instance.resolveSession ?? remoteSessionResolver(deps.config.INTERNAL_API_URL),
    readiness: instance.readiness,
    jsonLimit: instance.jsonLimit,
    jsonLimits: instance.jsonLimits,
    audit: instance.audit,
    trustedProxies: proxyList(deps.config.TRUSTED_PROXIES),
    rateLimits,
    internalToken: deps.config.INTERNAL_TOKEN,
    readCache: new ReadCache({ ttlMs: deps.config.READ_CACHE_MS }),
    routes: (router) => instance.routes(router),
  });
  return { app, instance };
}

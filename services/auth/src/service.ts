import type { AuditEventInput } from "@rsv/api/client";
import { loadConfig, type ServiceDefinition, type ServiceDeps, type ServiceInstance } from "@rsv/kit";
import { ensureFirstAdmin } from "./domain/first-admin.js";
import { authConfigSchema } from "./config.js";
import { createLoginLimiter } from "./http/login-limiter.js";
import { lifetimeOf } from "./domain/session-lifetime.js";
import { migrations } from "./migrations/index.js";
import { startAuditRetention } from "./jobs/audit-retention.js";
import { AdminsRepository } from "./repository/admins.repository.js";
import { AuditEventsRepository } from "./repository/audit-events.repository.js";
import { DevicesRepository } from "./repository/devices.repository.js";
import { InvitationsRepository } from "./repository/invitations.repository.js";
import { SessionsRepository } from "./repository/sessions.repository.js";
import { accountRoutes } from "./routes/accounts.routes.js";
import { auditRoutes } from "./routes/audit.routes.js";
import { authRoutes, localSessionResolver } from "./routes/auth.routes.js";

/**
 * Builds the auth service; its own settings are in config.ts (first admin, session lifetimes, login
 * budgets). `now` is the clock sessions, known devices and login delays are timed by, moved by the tests.
 */
export async function createAuth(deps: ServiceDeps, options: { now?: () => Date } = {}): Promise<ServiceInstance> {
  const config = loadConfig(authConfigSchema, deps.env);
  const admins = new AdminsRepository(deps.db);
  const sessions = new SessionsRepository(deps.db, lifetimeOf(config), options.now);
  const devices = new DevicesRepository(deps.db, options.now);
  const invitations = new InvitationsRepository(deps.db, options.now);
  await ensureFirstAdmin(
    admins,
    { embedded: !deps.config.DATABASE_URL, adminEmail: config.ADMIN_EMAIL, adminPassword: config.ADMIN_PASSWORD },
    deps.logger,
  );
  const limiter = createLoginLimiter(
    deps.config.REDIS_URL,
    deps.logger,
    {
      perAccount: config.LOGIN_ATTEMPTS_PER_ACCOUNT,
      perAddress: config.LOGIN_ATTEMPTS_PER_ADDRESS,
      maxDelaySeconds: config.LOGIN_DELAY_MAX_SECONDS,
      perPasswordChange: config.LOGIN_ATTEMPTS_PER_ACCOUNT,
    },
    options.now ? () => options.now!().getTime() : undefined,
  );
  // The activity log lives here: auth's own events go straight into it, other services relay theirs.
  const events = new AuditEventsRepository(deps.db);
  const audit = { record: (event: AuditEventInput) => events.append([event]) };
  const retention = startAuditRetention(events, config.AUDIT_RETENTION_DAYS, deps.logger);
  return {
    routes: (router) => {
      authRoutes(router, {
        admins,
        sessions,
        devices,
        invitations,
        limiter,
        audit,
        sessionTtlDays: config.SESSION_TTL_DAYS,
      });
      auditRoutes(router, { events, internalToken: deps.config.INTERNAL_TOKEN });
      accountRoutes(router, {
        admins,
        invitations,
        sessions,
        sessionTtlDays: config.SESSION_TTL_DAYS,
        now: options.now ?? (() => new Date()),
      });
    },
    resolveSession: localSessionResolver(sessions),
    readiness: limiter.readiness,
    audit,
    close: async () => {
      await retention.close();
      await limiter.close();
    },
  };
}

export const authService: ServiceDefinition = {
  name: "auth",
  schema: "auth",
  migrations,
  create: (deps) => createAuth(deps),
};

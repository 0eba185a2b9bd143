import { z } from "zod";
import type { BaseConfig } from "@rsv/kit";

const optionalString = z.preprocess((value) => (value === "" ? undefined : value), z.string().min(1).optional());

/** The analytics service's own settings, on top of the kit's shared ones. */
export const analyticsSettingsSchema = z.object({
  /** Mixed into the daily salt of visitor hashes; without it the random daily salt alone protects them. */
  ANALYTICS_SALT_SECRET: optionalString,
  /** Longest a track request waits for Redis to accept the event before answering 503. */
  ANALYTICS_QUEUE_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(3000),
  /**
   * With REDIS_URL, also consume the queue in this process (one process holding the whole site, such
   * as the embedded server pointed at a real Redis). Normally the separate worker (src/worker.ts) does.
   */
  ANALYTICS_INLINE_WORKER: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.enum(["true", "false"]).default("false"),
  ),
});

export type AnalyticsConfig = BaseConfig & z.infer<typeof analyticsSettingsSchema>;

/**
 * The shared settings as the caller parsed them (process or embedded server), plus this service's
 * own from the environment; own settings present in the given config win (tests pass them so).
 */
export function analyticsConfig(base: BaseConfig, env: NodeJS.ProcessEnv = process.env): AnalyticsConfig {
  const parsed = analyticsSettingsSchema.safeParse({ ...env, ...base });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid analytics configuration:\n${lines.join("\n")}`);
  }
  return { ...base, ...parsed.data };
}

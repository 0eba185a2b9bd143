import { z } from "zod";
import { flag, runtimeConfigSchema } from "./runtime/config.js";

/** The settings every service shares: the runtime's, plus its database, Redis and budgets. */
export const baseConfigSchema = runtimeConfigSchema.extend({
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default(".data"),
  REDIS_URL: z.string().url().optional(),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  /**
   * Multiplies every `x-rate-limit` budget of the contract. The test topology raises it, since all its
   * suites call from one address; the limits themselves have their own tests.
   */
  RATE_LIMIT_SCALE: z.coerce.number().positive().max(100_000).default(1),
  /**
   * How long a service keeps its hot public reads as ready bytes (ms; 0 turns it off). A write clears
   * the process's own copy at once; this bounds how long another replica's write takes to show.
   */
  READ_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  /** Production runs migrations as a separate step and sets this to false. */
  MIGRATE_ON_START: flag(true),
});

export type BaseConfig = z.infer<typeof baseConfigSchema>;

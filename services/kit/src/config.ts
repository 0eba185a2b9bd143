import { z } from "zod";

/** The settings every service shares; a service extends this with its own. */
export const baseConfigSchema = z.object({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default(".data"),
  REDIS_URL: z.string().url().optional(),
  INTERNAL_API_URL: z.string().url().default("http://127.0.0.1:8080"),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
});

export type BaseConfig = z.infer<typeof baseConfigSchema>;

/** Reads process.env through a schema and stops the process with a readable list when it does not fit. */
export function loadConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  // An empty variable (FOO= in a .env file or compose) means "not set".
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ""));
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".") || "(env)"}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return parsed.data;
}

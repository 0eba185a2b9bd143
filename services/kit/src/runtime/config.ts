import { z } from "zod";

/** Settings every Node process reads (service, web, worker, embedded server). */
export const runtimeConfigSchema = z.object({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Address to listen on: every interface in a container, loopback in the local topology. */
  HOST: z.string().min(1).default("0.0.0.0"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Where calls to other services go: the gateway, or the embedded server itself. */
  INTERNAL_API_URL: z.string().url().default("http://127.0.0.1:8080"),
  /**
   * Addresses whose X-Forwarded-For, X-Forwarded-Host and X-Forwarded-Proto are believed
   * (comma-separated: proxy-addr names such as loopback and uniquelocal, or CIDR ranges): the
   * gateway's. From any other peer they are the client's own claim and are ignored.
   */
  TRUSTED_PROXIES: z.string().default("loopback,uniquelocal"),
  /**
   * A shared secret the site's processes present to each other (header x-internal-token) for what
   * only they may do: record an affiliate click, and name the visitor a call is made for
   * (x-visitor-address). The embedded server makes one up at start.
   */
  INTERNAL_TOKEN: z.string().min(32, "must be at least 32 characters").optional(),
});

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

/** A "true"/"false" setting, parsed to a boolean. */
export function flag(defaultValue: boolean) {
  return z
    .enum(["true", "false"])
    .default(defaultValue ? "true" : "false")
    .transform((value) => value === "true");
}

/** The mark of every placeholder in .env.example: in production such a value is refused. */
export const EXAMPLE_VALUE_MARK = "change-me";

/**
 * Reads settings through a schema and throws one readable list of every problem. An empty value
 * (FOO= in a .env file or compose) means "not set". With NODE_ENV=production, a setting still
 * holding a placeholder from .env.example is a problem too, so an example password never goes live.
 */
export function loadConfig<S extends z.ZodType>(schema: S, env: Record<string, unknown> = process.env): z.infer<S> {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ""));
  const parsed = schema.safeParse(present);
  const fail = (lines: string[]): never => {
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  };
  if (!parsed.success) {
    return fail(parsed.error.issues.map((issue) => `  ${issue.path.join(".") || "(env)"}: ${issue.message}`));
  }
  if (env.NODE_ENV === "production" && typeof parsed.data === "object" && parsed.data) {
    const placeholders = Object.entries(parsed.data)
      .filter(([, value]) => typeof value === "string" && value.includes(EXAMPLE_VALUE_MARK))
      .map(([key]) => `  ${key}: still holds the example value from .env.example; set a real one`);
    if (placeholders.length) fail(placeholders);
  }
  return parsed.data;
}

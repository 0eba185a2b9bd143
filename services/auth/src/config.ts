import { z } from "zod";
import { isEmail } from "./domain/credentials.js";

/** The auth service's own settings, on top of the kit's shared ones; read with `loadConfig`. */
export const authConfigSchema = z
  .object({
    ADMIN_EMAIL: z.string().trim().refine(isEmail, "must be an email address (name@domain.tld)").optional(),
    ADMIN_PASSWORD: z.string().min(12, "must be at least 12 characters").max(1024).optional(),
    /** A session's absolute lifetime, from sign-in. */
    SESSION_TTL_DAYS: z.coerce.number().positive().max(365).default(7),
    /** A session unused this long ends, whatever is left of its lifetime. */
    SESSION_IDLE_MINUTES: z.coerce
      .number()
      .positive()
      .max(24 * 60)
      .default(30),
    /** Login attempts one account may take in 15 minutes, from any addresses. */
    LOGIN_ATTEMPTS_PER_ACCOUNT: z.coerce.number().int().min(1).max(1000).default(5),
    /** Login attempts one address may take in 15 minutes, across accounts. */
    LOGIN_ATTEMPTS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(20),
  })
  .refine((config) => !config.ADMIN_PASSWORD || config.ADMIN_EMAIL, {
    message: "ADMIN_PASSWORD needs ADMIN_EMAIL",
    path: ["ADMIN_EMAIL"],
  });

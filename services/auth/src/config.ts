import { z } from "zod";
import { isEmail } from "./domain/credentials.js";

/** The auth service's own settings, on top of the kit's shared ones; read with `loadConfig`. */
export const authConfigSchema = z
  .object({
    ADMIN_EMAIL: z.string().trim().refine(isEmail, "must be an email address (name@domain.tld)").optional(),
    ADMIN_PASSWORD: z.string().min(12, "must be at least 12 characters").max(1024).optional(),
    SESSION_TTL_DAYS: z.coerce.number().positive().max(365).default(7),
  })
  .refine((config) => !config.ADMIN_PASSWORD || config.ADMIN_EMAIL, {
    message: "ADMIN_PASSWORD needs ADMIN_EMAIL",
    path: ["ADMIN_EMAIL"],
  });

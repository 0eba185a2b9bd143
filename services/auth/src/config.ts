import { z } from "zod";
import { isEmail } from "./domain/credentials.js";

const unsetIfEmpty = (value: unknown) => (value === "" ? undefined : value);

/** The auth service's own settings (on top of the kit's base config). */
export const authConfigSchema = z
  .object({
    ADMIN_EMAIL: z.preprocess(
      unsetIfEmpty,
      z.string().trim().refine(isEmail, "must be an email address (name@domain.tld)").optional(),
    ),
    ADMIN_PASSWORD: z.preprocess(
      unsetIfEmpty,
      z.string().min(12, "must be at least 12 characters").max(1024).optional(),
    ),
    SESSION_TTL_DAYS: z.coerce.number().positive().max(365).default(7),
  })
  .refine((config) => !config.ADMIN_PASSWORD || config.ADMIN_EMAIL, {
    message: "ADMIN_PASSWORD needs ADMIN_EMAIL",
    path: ["ADMIN_EMAIL"],
  });

export type AuthConfig = z.infer<typeof authConfigSchema>;

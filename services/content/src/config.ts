import { z } from "zod";

/** The content service's own settings, on top of the kit's shared ones; read with `loadConfig`. */
export const contentSettingsSchema = z.object({
  /** How long a preview link of a draft or scheduled item works (hours). */
  PREVIEW_LINK_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(72),
});

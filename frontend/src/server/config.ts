import { runtimeConfigSchema } from "@rsv/kit/runtime";
import { z } from "zod";

/** The web process's settings: the runtime's, plus the origin its links and sitemap use. */
export const webConfigSchema = runtimeConfigSchema.extend({
  /** Origin for canonical, hreflang, Open Graph and sitemap URLs. */
  PUBLIC_ORIGIN: z
    .string()
    .url()
    .default("http://localhost:8080")
    .transform((origin) => origin.replace(/\/+$/, "")),
  /** How long a rendered page answers the same address again (0: never); a page is at most this much older than its data. */
  RENDER_CACHE_MS: z.coerce.number().int().min(0).max(10_000).default(1000),
});

export type WebConfig = z.infer<typeof webConfigSchema>;

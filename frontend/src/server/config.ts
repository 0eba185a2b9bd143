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
});

export type WebConfig = z.infer<typeof webConfigSchema>;

import { z } from "zod";
import { flag } from "@rsv/kit";

/** The catalog service's own settings, on top of the kit's shared ones; read with `loadConfig`. */
export const catalogSettingsSchema = z.object({
  /**
   * Longest one check of an offer's link may take, its redirects and the page's bytes included (ms).
   * Waiting for the retailer's turn (LINK_CHECK_HOST_DELAY_MS) is not counted.
   */
  LINK_CHECK_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** Most bytes of a retailer's page read (after decompression); the rest is left unread and the page judged on these. */
  LINK_CHECK_MAX_BODY_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(64 * 1024 * 1024)
    .default(1024 * 1024),
  /** Pause between the end of one request to a retailer's host and the start of the next (ms). */
  LINK_CHECK_HOST_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(1000),
  /** Offers checked at once, each on a different host. */
  LINK_CHECK_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
  /**
   * Lets the checker reach private, loopback and link-local addresses. Only for tests and the local
   * topology, whose stand-in retailers listen on 127.0.0.1: on a server it would let an offer's link
   * probe the site's own network.
   */
  LINK_CHECK_ALLOW_PRIVATE_ADDRESSES: flag(false),
  /** The site's public address, named in the checker's User-Agent so a retailer can see who asks. */
  PUBLIC_ORIGIN: z.string().url().optional(),
});

export type CatalogSettings = z.infer<typeof catalogSettingsSchema>;

/** Addresses a retailer could not visit: this machine's own (`make start` names its port by default). */
const LOCAL_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/** How the checker introduces itself to retailers: with the site's address, when it is one they can visit. */
export function linkCheckUserAgent(settings: Pick<CatalogSettings, "PUBLIC_ORIGIN">): string {
  const origin = settings.PUBLIC_ORIGIN?.replace(/\/+$/, "");
  const reachable = origin !== undefined && origin !== "" && !LOCAL_HOST.test(new URL(origin).hostname);
  return reachable ? `RsvLinkCheck/1.0 (+${origin})` : "RsvLinkCheck/1.0 (affiliate link checker)";
}

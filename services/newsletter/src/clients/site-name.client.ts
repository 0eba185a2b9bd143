import type { ApiClient } from "@rsv/api/client";
import type { Logger } from "@rsv/kit";

/** What the messages and pages say until the site's settings have been read once. */
export const FALLBACK_SITE_NAME = "Resveratrol Reviews";

/**
 * The site's name as the owner set it in the site settings (content service), which every email and
 * newsletter page names: read at most once per `ttlMs`, the last name read (or the fallback) when the
 * settings cannot be read, and read again on the next ask.
 */
export class SiteName {
  private name = FALLBACK_SITE_NAME;
  private readAt = -Infinity;
  private reading: Promise<string> | undefined;

  constructor(
    private readonly api: ApiClient,
    private readonly logger: Logger,
    private readonly ttlMs = 60_000,
  ) {}

  current(): Promise<string> {
    if (performance.now() - this.readAt < this.ttlMs) return Promise.resolve(this.name);
    this.reading ??= this.read().finally(() => (this.reading = undefined));
    return this.reading;
  }

  private async read(): Promise<string> {
    try {
      const { data } = await this.api.GET("/api/site-settings");
      const name = data?.siteName?.trim();
      if (name) {
        this.name = name;
        this.readAt = performance.now();
      }
    } catch (error) {
      this.logger.warn({ err: error }, "site settings not read: the site's name stays as it was");
    }
    return this.name;
  }
}

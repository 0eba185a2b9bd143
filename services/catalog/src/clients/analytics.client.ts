import { onBehalfOfVisitor, type ApiClient } from "@rsv/kit";

export interface AffiliateClick {
  product: { id: number; name: string; slug: string };
  affiliateUrl: string;
  country: string | null;
}

/** Who clicked, passed on so analytics hashes and places the visitor as if they had called it. */
export interface ClickOrigin {
  ip: string;
  userAgent: string;
  referrer: string;
  requestId: string;
}

/** The analytics service, over HTTP with the generated client. */
export class AnalyticsClient {
  /** `token`: the services' shared secret, without which analytics refuses a click. */
  constructor(
    private readonly api: ApiClient,
    private readonly token: string | undefined,
  ) {}

  /** Records an affiliate click, giving up after 1.5 s so a slow analytics service never holds the visitor up. */
  async recordClick(click: AffiliateClick, origin: ClickOrigin): Promise<void> {
    await this.api.POST("/api/analytics/track", {
      body: {
        eventType: "affiliate_click",
        productId: click.product.id,
        eventData: {
          productName: click.product.name,
          productSlug: click.product.slug,
          affiliateUrl: click.affiliateUrl,
          country: click.country,
          timestamp: new Date().toISOString(),
        },
      },
      headers: {
        // The secret and the visitor's address: analytics hashes the visitor's, not the catalog's.
        ...onBehalfOfVisitor(this.token, origin.ip),
        "user-agent": origin.userAgent,
        referer: origin.referrer,
        "x-request-id": origin.requestId,
      },
      signal: AbortSignal.timeout(1500),
    });
  }
}

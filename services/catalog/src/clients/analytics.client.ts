import { placementOf } from "@rsv/api/placements";
import { onBehalfOfVisitor, type ApiClient } from "@rsv/kit";

export interface AffiliateClick {
  product: { id: number; name: string; slug: string };
  affiliateUrl: string;
  country: string | null;
  /** The offer the visitor was sent to, and its retailer (absent in clicks stored before offers had them). */
  offer?: { id: number; retailer: string };
  /** Where on the site the link was (the `from` of /go), as the link said it. */
  placement?: string;
  /** The newsletter campaign whose email held the link, when it came from one. */
  campaign?: number;
}

/** Who clicked, passed on so analytics hashes and places the visitor as if they had called it. */
export interface ClickOrigin {
  ip: string;
  userAgent: string;
  referrer: string;
  requestId: string;
}

/** A click as the outbox hands it over: its id, so analytics stores it once however often it arrives. */
export interface ClickHandover {
  eventId: string;
  occurredAt: Date;
}

/** How long one hand-over may take before it is counted as failed (and tried again later). */
const HANDOVER_TIMEOUT_MS = 5000;

/** The analytics service, over HTTP with the generated client. */
export class AnalyticsClient {
  /** `token`: the services' shared secret, without which analytics refuses a click. */
  constructor(
    private readonly api: ApiClient,
    private readonly token: string | undefined,
  ) {}

  /** Hands a click from the outbox to analytics; resolves once analytics has accepted it (202), throws otherwise. */
  async recordClick(click: AffiliateClick, origin: ClickOrigin, handover: ClickHandover): Promise<void> {
    const { response } = await this.api.POST("/api/analytics/track", {
      body: {
        eventType: "affiliate_click",
        eventId: handover.eventId,
        productId: click.product.id,
        eventData: {
          productName: click.product.name,
          productSlug: click.product.slug,
          affiliateUrl: click.affiliateUrl,
          country: click.country,
          ...(click.offer ? { offerId: click.offer.id, retailer: click.offer.retailer.slice(0, 100) } : {}),
          ...(placementOf(click.placement) ? { placement: placementOf(click.placement)! } : {}),
          ...(click.campaign ? { campaign: click.campaign } : {}),
          timestamp: handover.occurredAt.toISOString(),
        },
      },
      headers: {
        // The secret and the visitor's address: analytics hashes the visitor's, not the catalog's.
        ...onBehalfOfVisitor(this.token, origin.ip),
        "user-agent": origin.userAgent,
        referer: origin.referrer,
        "x-request-id": origin.requestId,
      },
      signal: AbortSignal.timeout(HANDOVER_TIMEOUT_MS),
    });
    if (response.status !== 202) throw new HandoverRefused(response.status);
  }
}

/** Analytics answered, but not 202. A 4xx other than 429 says the click itself was refused. */
export class HandoverRefused extends Error {
  constructor(readonly status: number) {
    super(`analytics answered ${status}`);
  }

  get refusesTheClick(): boolean {
    return this.status >= 400 && this.status < 500 && this.status !== 429;
  }
}

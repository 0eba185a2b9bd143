import type { ApiClient } from "@rsv/api/client";

/** A page view as the tracker sends it: with the id it keeps for every attempt. */
export interface PageView {
  eventType: "page_view";
  eventId: string;
  eventData: {
    page: string;
    referrer?: string;
    utm?: { source?: string; medium?: string; campaign?: string };
    timestamp: string;
  };
  productId: null;
}

/** At most one request per window: the first event of a quiet spell goes at once, later ones together at its end. */
export const BEACON_WINDOW_MS = 2000;
/** The contract's cap on a batch, and a body well within its 32 KB and fetch keepalive's 64 KB. */
export const BEACON_MAX_EVENTS = 20;
export const BEACON_MAX_BYTES = 24 * 1024;
/** Tries per event before it is given up (a failed request's events go again, same ids, in the next window). */
export const BEACON_ATTEMPTS = 3;

/** An id for an event: randomUUID where the page is a secure context, else the same from getRandomValues. */
export function eventId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The browser's analytics beacon. The first page view after a quiet spell is sent at once (a visitor
 * who leaves at once is still counted); those that follow within BEACON_WINDOW_MS (fast navigation)
 * wait for the window's end and go as one batch, and whatever is waiting when the page is hidden or
 * left goes then, with `keepalive` so the request outlives the page. Every event has an id made once:
 * a request that failed is sent again with the same ids, and the service stores each event once.
 */
export class Beacon {
  private waiting: Array<{ event: PageView; tries: number }> = [];
  private window: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly api: ApiClient) {}

  /** Hooks the beacon to the page's lifecycle; returns what unhooks it. */
  listen(): () => void {
    const leave = () => void this.flush(true);
    const hidden = () => document.visibilityState === "hidden" && leave();
    window.addEventListener("pagehide", leave);
    document.addEventListener("visibilitychange", hidden);
    return () => {
      window.removeEventListener("pagehide", leave);
      document.removeEventListener("visibilitychange", hidden);
      clearTimeout(this.window);
      this.window = undefined;
    };
  }

  add(event: PageView): void {
    this.waiting.push({ event, tries: 0 });
    if (this.window === undefined) {
      void this.flush(false);
      this.openWindow();
    }
  }

  private openWindow(): void {
    this.window = setTimeout(() => {
      this.window = undefined;
      if (this.waiting.length === 0) return;
      void this.flush(false);
      this.openWindow();
    }, BEACON_WINDOW_MS);
  }

  /** Sends everything waiting, in as few requests as the caps allow. */
  async flush(keepalive: boolean): Promise<void> {
    const sending = this.waiting.splice(0);
    const requests: Array<typeof sending> = [];
    let bytes = 0;
    for (const item of sending) {
      const size = JSON.stringify(item.event).length + 1;
      const last = requests.at(-1);
      if (!last || last.length >= BEACON_MAX_EVENTS || bytes + size > BEACON_MAX_BYTES) {
        requests.push([item]);
        bytes = size;
      } else {
        last.push(item);
        bytes += size;
      }
    }
    await Promise.all(requests.map((items) => this.send(items, keepalive)));
  }

  private async send(items: Array<{ event: PageView; tries: number }>, keepalive: boolean): Promise<void> {
    let failure: unknown;
    try {
      // One event goes in the single form, several as a batch.
      const { response } =
        items.length === 1
          ? await this.api.POST("/api/analytics/track", { body: items[0]!.event, keepalive })
          : await this.api.POST("/api/analytics/track/batch", {
              body: { events: items.map((i) => i.event) },
              keepalive,
            });
      if (response.ok) return;
      // A refusal of the events themselves (400, 413) will not change on a second try.
      if (response.status < 500 && response.status !== 429) {
        console.error("page_view tracking failed", response.status);
        return;
      }
      failure = response.status;
    } catch (error) {
      failure = error;
    }
    const again = items.filter((item) => ++item.tries < BEACON_ATTEMPTS);
    if (again.length < items.length) console.error("page_view tracking failed", failure);
    if (again.length === 0) return;
    this.waiting.unshift(...again);
    if (this.window === undefined) this.openWindow();
  }
}

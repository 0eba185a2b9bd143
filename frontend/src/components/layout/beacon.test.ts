import type { ApiClient } from "@rsv/api/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Beacon, BEACON_WINDOW_MS, eventId, type PageView } from "./beacon.js";

/** What the beacon sent: the path and the events' ids; answers are set per request. */
function recordingApi(statuses: number[] = []) {
  const sent: Array<{ path: string; ids: string[] }> = [];
  const api = {
    POST: async (path: string, { body }: { body: PageView | { events: PageView[] } }) => {
      const events = "events" in body ? body.events : [body];
      sent.push({ path, ids: events.map((event) => event.eventId) });
      return { response: new Response(null, { status: statuses.shift() ?? 202 }) };
    },
  } as unknown as ApiClient;
  return { api, sent };
}

const view = (page: string): PageView => ({
  eventType: "page_view",
  eventId: eventId(),
  eventData: { page, timestamp: new Date().toISOString() },
  productId: null,
});

describe("the analytics beacon", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("sends the first view at once, alone, and the views within its window together at the window's end", async () => {
    const { api, sent } = recordingApi();
    const beacon = new Beacon(api);
    const [landing, ...quick] = ["/", "/comparison", "/faq", "/blog"].map(view);
    beacon.add(landing!);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([{ path: "/api/analytics/track", ids: [landing!.eventId] }]);
    for (const event of quick) beacon.add(event);
    await vi.advanceTimersByTimeAsync(BEACON_WINDOW_MS - 1);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent[1]).toEqual({ path: "/api/analytics/track/batch", ids: quick.map((event) => event.eventId) });
  });

  it("sends a batch whose answer was lost again, with the same ids, in the next window", async () => {
    const { api, sent } = recordingApi([202, 503]);
    const beacon = new Beacon(api);
    beacon.add(view("/"));
    await vi.advanceTimersByTimeAsync(0);
    const quick = ["/comparison", "/faq"].map(view);
    for (const event of quick) beacon.add(event);
    await vi.advanceTimersByTimeAsync(BEACON_WINDOW_MS);
    expect(sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(BEACON_WINDOW_MS);
    expect(sent).toHaveLength(3);
    expect(sent[2]).toEqual({ path: "/api/analytics/track/batch", ids: quick.map((event) => event.eventId) });
    // Answered, nothing more goes out.
    await vi.advanceTimersByTimeAsync(BEACON_WINDOW_MS * 3);
    expect(sent).toHaveLength(3);
  });
});

import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { rawRequest, startEmbeddedService, type EmbeddedService } from "@rsv/kit/testing";
import { catalogService } from "./service.js";

const INTERNAL_TOKEN = "click-outbox-test-internal-token-0123456789";
const NAVIGATION = {
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36",
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "accept-language": "de-DE,de;q=0.9",
  "sec-fetch-mode": "navigate",
};

/** A stand-in analytics service that holds each click until the test answers it. */
function heldAnalytics() {
  const held: Array<{ body: { eventId?: string; eventType: string }; token: string; answer(status: number): void }> =
    [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let text = "";
    req.on("data", (chunk: Buffer) => (text += chunk.toString()));
    req.on("end", () =>
      held.push({
        body: JSON.parse(text) as { eventId?: string; eventType: string },
        token: String(req.headers["x-internal-token"] ?? ""),
        answer: (status) => {
          if (!res.headersSent) res.writeHead(status, { "content-type": "application/json" }).end('{"queued":true}');
        },
      }),
    );
  });
  return { server, held };
}

describe("the affiliate redirect and its click outbox (PGlite)", () => {
  const analytics = heldAnalytics();
  let catalog: EmbeddedService;

  beforeAll(async () => {
    await new Promise<void>((resolve) => analytics.server.listen(0, "127.0.0.1", resolve));
    const address = analytics.server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    catalog = await startEmbeddedService(catalogService, {
      config: { INTERNAL_API_URL: `http://127.0.0.1:${port}`, INTERNAL_TOKEN },
    });
  }, 180_000);

  afterAll(async () => {
    for (const request of analytics.held) request.answer(503);
    await catalog?.close();
    analytics.server.close();
  });

  const outbox = () => catalog.db("catalog.click_outbox").select("id", "attempts");
  const firstSlug = async () =>
    ((await (await fetch(`${catalog.url}/api/products`)).json()) as Array<{ slug: string }>)[0]!.slug;

  it("redirects while analytics still holds the click, and keeps the click until analytics accepts it", async () => {
    const slug = await firstSlug();
    // Sent as a browser sends it (fetch would say Sec-Fetch-Mode "cors" whatever it is told).
    const redirect = await rawRequest(catalog.url, `/go/${slug}`, { headers: NAVIGATION });
    expect(redirect.status).toBe(302);
    // The visitor is on their way; the click is in the outbox, and analytics has not answered for it.
    const [row] = await outbox();
    expect(row).toBeDefined();
    await vi.waitFor(() => expect(analytics.held).toHaveLength(1), { timeout: 10_000 });
    const first = analytics.held[0]!;
    expect(first.body).toMatchObject({ eventType: "affiliate_click", eventId: row!.id });
    expect(first.token).toBe(INTERNAL_TOKEN);

    // Analytics refuses it for now: the click stays, and comes again with the same id.
    first.answer(503);
    await vi.waitFor(() => expect(analytics.held).toHaveLength(2), { timeout: 15_000 });
    expect(analytics.held[1]!.body.eventId).toBe(row!.id);
    expect(await outbox()).toHaveLength(1);

    analytics.held[1]!.answer(202);
    await vi.waitFor(async () => expect(await outbox()).toHaveLength(0), { timeout: 10_000 });
  });

  it("redirects without recording a prefetch, a HEAD request, a fetch or a bare script", async () => {
    const slug = await firstSlug();
    const before = analytics.held.length;
    const requests = [
      { method: "HEAD", headers: NAVIGATION },
      { headers: { ...NAVIGATION, "sec-purpose": "prefetch" } },
      { headers: { ...NAVIGATION, "sec-fetch-mode": "cors" } },
      { headers: { "user-agent": NAVIGATION["user-agent"] } },
    ];
    for (const options of requests) {
      const answer = await rawRequest(catalog.url, `/go/${slug}`, options);
      expect(answer.status).toBe(302);
    }
    // A counted click after them is the only one in the outbox.
    await rawRequest(catalog.url, `/go/${slug}`, { headers: NAVIGATION });
    expect(await outbox()).toHaveLength(1);
    await vi.waitFor(() => expect(analytics.held).toHaveLength(before + 1), { timeout: 10_000 });
    analytics.held.at(-1)!.answer(202);
    await vi.waitFor(async () => expect(await outbox()).toHaveLength(0), { timeout: 10_000 });
  });
});

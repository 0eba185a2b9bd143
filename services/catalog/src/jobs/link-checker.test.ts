import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { gzipSync } from "node:zlib";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { DEFAULT_LINK_CHECK_SETTINGS, allPhrases, type CheckResult } from "../domain/link-check.js";
import type { CheckTarget } from "../repository/offer-checks.repository.js";
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from "request-filtering-agent";
import { describeFailure, fetchLink, linkAgents } from "./link-checker-fetch.js";
import { LinkChecker, type LinkCheckerOptions } from "./link-checker.js";

/**
 * The checker against real HTTP servers on loopback standing in for retailers: each answers as a
 * shop would, and counts what it was asked and how many requests it had at once.
 */

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

interface Retailer {
  base: string;
  port: number;
  requests: string[];
  userAgents: string[];
  maxConcurrent: number;
  /** When each request started and ended (ms), in order. */
  spans: Array<{ start: number; end: number }>;
  close(): Promise<void>;
}

const retailers: Retailer[] = [];

async function retailer(handler: Handler): Promise<Retailer> {
  let open = 0;
  const self: Retailer = {
    base: "",
    port: 0,
    requests: [],
    userAgents: [],
    maxConcurrent: 0,
    spans: [],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server: Server = createServer((req, res) => {
    const span = { start: Date.now(), end: 0 };
    self.spans.push(span);
    self.requests.push(req.url ?? "");
    self.userAgents.push(String(req.headers["user-agent"]));
    self.maxConcurrent = Math.max(self.maxConcurrent, ++open);
    res.on("close", () => {
      open--;
      span.end = Date.now();
    });
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  self.port = typeof address === "object" && address ? address.port : 0;
  self.base = `http://127.0.0.1:${self.port}`;
  retailers.push(self);
  return self;
}

const html = (res: ServerResponse, body: string, status = 200, headers: Record<string, string> = {}) =>
  res.writeHead(status, { "content-type": "text/html; charset=utf-8", ...headers }).end(body);

const options: LinkCheckerOptions = {
  timeoutMs: 2_000,
  maxBodyBytes: 1024 * 1024,
  hostDelayMs: 0,
  concurrency: 4,
  allowPrivateAddresses: true,
  userAgent: "RsvLinkCheck/1.0 (+http://127.0.0.1:8080)",
};
const phrases = allPhrases(DEFAULT_LINK_CHECK_SETTINGS);
const checkers: LinkChecker[] = [];

function checker(overrides: Partial<LinkCheckerOptions> = {}): LinkChecker {
  const made = new LinkChecker({ ...options, ...overrides });
  checkers.push(made);
  return made;
}

/** Checks the addresses (offers 1, 2, ...) and answers each one's result, in the order given. */
async function check(urls: string[], using = checker()): Promise<CheckResult[]> {
  const targets: CheckTarget[] = urls.map((url, i) => ({ id: i + 1, url, market: "ES" }));
  const results = new Map<number, CheckResult>();
  await using.checkAll(targets, phrases, new AbortController().signal, async (target, result) => {
    results.set(target.id, result);
  });
  return targets.map((t) => results.get(t.id)!);
}
const checkOne = async (url: string, using?: LinkChecker) => (await check([url], using))[0]!;

afterEach(async () => {
  await Promise.all(retailers.splice(0).map((r) => r.close()));
});
afterAll(() => checkers.forEach((c) => c.close()));

describe("checking one offer's link", () => {
  it("is ok for a product page in stock, asked with the checker's User-Agent and the market's language", async () => {
    let language = "";
    const shop = await retailer((req, res) => {
      language = String(req.headers["accept-language"]);
      html(res, "<h1>Trans-Resveratrol</h1><button>Add to basket</button>");
    });
    const result = await checkOne(`${shop.base}/p/1`);
    expect(result).toMatchObject({ outcome: "ok", httpStatus: 200, finalUrl: `${shop.base}/p/1`, detail: "HTTP 200" });
    expect(shop.userAgents).toEqual(["RsvLinkCheck/1.0 (+http://127.0.0.1:8080)"]);
    expect(language).toMatch(/^es-ES/);
  });

  it("fails on 404 and 410", async () => {
    const shop = await retailer((req, res) => html(res, "gone", req.url === "/gone" ? 410 : 404));
    const [missing, gone] = await check([`${shop.base}/missing`, `${shop.base}/gone`]);
    expect(missing).toMatchObject({ outcome: "failed", httpStatus: 404, detail: "HTTP 404" });
    expect(gone).toMatchObject({ outcome: "failed", httpStatus: 410, detail: "HTTP 410" });
  });

  it("is redirected after a move within the retailer's site, and fails on a 301 to its home page", async () => {
    const shop = await retailer((req, res) => {
      if (req.url === "/old") res.writeHead(301, { location: "/products/new" }).end();
      else if (req.url === "/discontinued") res.writeHead(301, { location: `${shop.base}/es/` }).end();
      else html(res, "<p>Resveratrol</p>");
    });
    const [moved, home] = await check([`${shop.base}/old`, `${shop.base}/discontinued`]);
    expect(moved).toMatchObject({ outcome: "redirected", httpStatus: 200, finalUrl: `${shop.base}/products/new` });
    expect(home).toMatchObject({
      outcome: "failed",
      httpStatus: 200,
      finalUrl: `${shop.base}/es/`,
      detail: "redirected to the retailer's home page",
    });
  });

  it("fails on redirects ending on another host", async () => {
    const other = await retailer((_req, res) => html(res, "<p>Another shop</p>"));
    const shop = await retailer((_req, res) => res.writeHead(302, { location: `${other.base}/p/9` }).end());
    expect(await checkOne(`${shop.base}/p/1`)).toMatchObject({
      outcome: "failed",
      finalUrl: `${other.base}/p/9`,
      detail: `redirected to another site (127.0.0.1:${other.port})`,
    });
  });

  it("fails on a redirect loop, and on more than 10 redirects", async () => {
    const shop = await retailer((req, res) => {
      if (req.url === "/a") res.writeHead(302, { location: "/b" }).end();
      else if (req.url === "/b") res.writeHead(302, { location: "/a" }).end();
      else res.writeHead(302, { location: `/hop/${Number(req.url!.split("/").at(-1)) + 1}` }).end();
    });
    const [loop, chain] = await check([`${shop.base}/a`, `${shop.base}/hop/0`]);
    expect(loop).toMatchObject({ outcome: "failed", httpStatus: 302, detail: "redirect loop" });
    expect(chain).toMatchObject({ outcome: "failed", detail: "redirect loop: more than 10 redirects" });
    expect(shop.requests.filter((url) => url.startsWith("/hop/"))).toHaveLength(11);
  });

  it("follows a redirect that sets a cookie back to the same address, as a browser would", async () => {
    const shop = await retailer((req, res) => {
      if (req.headers.cookie?.includes("consent=yes")) html(res, "<p>Resveratrol</p>");
      else res.writeHead(302, { location: req.url, "set-cookie": "consent=yes; Path=/; HttpOnly" }).end();
    });
    expect(await checkOne(`${shop.base}/p/1`)).toMatchObject({ outcome: "redirected", httpStatus: 200 });
  });

  it("fails with a time-out on a retailer slower than LINK_CHECK_TIMEOUT_MS", async () => {
    // Never answers: the check must give up on its own.
    const shop = await retailer(() => undefined);
    const started = Date.now();
    const result = await checkOne(`${shop.base}/p/1`, checker({ timeoutMs: 300 }));
    expect(result).toMatchObject({ outcome: "failed", httpStatus: null, detail: "timed out after 300 ms" });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("fails with a plain reason when nothing listens", async () => {
    const shop = await retailer((_req, res) => html(res, ""));
    const closed = shop.base;
    await shop.close();
    expect(await checkOne(`${closed}/p/1`)).toMatchObject({
      outcome: "failed",
      httpStatus: null,
      detail: "the server refused the connection",
    });
  });

  it.each([
    ["en", "<p>This product is currently <strong>Out of Stock</strong></p>", "Out of Stock"],
    ["es", "<p>Producto AGOTADO</p>", "AGOTADO"],
    ["de", "<p>Leider ausverkauft</p>", "ausverkauft"],
    ["nl", "<p>Dit artikel is niet op voorraad</p>", "niet op voorraad"],
    ["pl", "<p>Produkt chwilowo niedostępny</p>", "niedostępny"],
  ])("is out of stock when a %s page says so", async (_language, page, phrase) => {
    const shop = await retailer((_req, res) => html(res, `<html><body><h1>Resveratrol</h1>${page}</body></html>`));
    expect(await checkOne(`${shop.base}/p/1`)).toMatchObject({
      outcome: "out_of_stock",
      httpStatus: 200,
      detail: `the page says “${phrase}”`,
    });
  });

  it("is out of stock by JSON-LD, and in stock by JSON-LD whatever the text says", async () => {
    const product = (availability: string) =>
      `<script type="application/ld+json">${JSON.stringify({
        "@context": "https://schema.org",
        "@type": "Product",
        offers: { "@type": "Offer", price: "29.90", availability },
      })}</script><p>Sold out in other sizes</p>`;
    const shop = await retailer((req, res) =>
      html(res, product(req.url === "/gone" ? "https://schema.org/OutOfStock" : "https://schema.org/InStock")),
    );
    const [gone, here] = await check([`${shop.base}/gone`, `${shop.base}/here`]);
    expect(gone).toMatchObject({
      outcome: "out_of_stock",
      detail: "the page declares schema.org availability https://schema.org/OutOfStock",
    });
    expect(here!.outcome).toBe("ok");
  });

  it("reads a compressed page", async () => {
    const shop = await retailer((_req, res) =>
      res
        .writeHead(200, { "content-type": "text/html", "content-encoding": "gzip" })
        .end(gzipSync("<p>Uitverkocht</p>")),
    );
    expect((await checkOne(`${shop.base}/p/1`)).outcome).toBe("out_of_stock");
  });

  it("reads at most LINK_CHECK_MAX_BODY_BYTES of a 50 MB page, then stops and judges what it read", async () => {
    const total = 50 * 1024 * 1024;
    const head = Buffer.from("<p>Resveratrol</p>");
    const tail = Buffer.from("<p>Sold out</p>");
    const filler = Buffer.alloc(64 * 1024, " ");
    let sent = 0;
    // 50 MB sent as fast as the checker reads them, the sold-out phrase only in the last bytes.
    const shop = await retailer((_req, res) => {
      res.on("error", () => undefined);
      res.writeHead(200, { "content-type": "text/html", "content-length": String(total) });
      res.write(head);
      sent = head.length;
      const pump = () => {
        while (sent < total - tail.length) {
          const size = Math.min(filler.length, total - tail.length - sent);
          sent += size;
          if (!res.write(filler.subarray(0, size))) return void res.once("drain", pump);
        }
        sent += tail.length;
        res.end(tail);
      };
      pump();
    });
    const started = Date.now();
    const result = await checkOne(`${shop.base}/big`);
    expect(result).toMatchObject({ outcome: "ok", httpStatus: 200 });
    expect(Date.now() - started).toBeLessThan(5_000);
    // The checker hung up after its first MiB: most of the page was never sent.
    await expect.poll(() => shop.spans[0]!.end > 0).toBe(true);
    expect(sent).toBeLessThan(16 * 1024 * 1024);
  });
});

describe("refusing private and local addresses", () => {
  const guarded = () => checker({ allowPrivateAddresses: false });

  it("refuses a loopback address, named by IP or by a DNS name, before connecting", async () => {
    const shop = await retailer((_req, res) => html(res, "<p>Internal</p>"));
    const [byIp, byName, v6] = await check(
      [`${shop.base}/admin`, `http://localhost:${shop.port}/admin`, `http://[::1]:${shop.port}/admin`],
      guarded(),
    );
    expect(byIp).toMatchObject({
      outcome: "failed",
      httpStatus: null,
      detail: expect.stringMatching(/^refused: 127\.0\.0\.1 is a private or local address/),
    });
    expect(byName).toMatchObject({
      outcome: "failed",
      httpStatus: null,
      detail: expect.stringMatching(/^refused: localhost is a private or local address \((127\.0\.0\.1|::1)\)$/),
    });
    expect(v6).toMatchObject({ outcome: "failed", detail: expect.stringMatching(/^refused: /) });
    expect(shop.requests).toEqual([]);
  });

  it("refuses the other spellings of this machine", async () => {
    const shop = await retailer((_req, res) => html(res, "<p>Internal</p>"));
    const results = await check(
      [
        `http://127.0.0.2:${shop.port}/`,
        `http://[::ffff:127.0.0.1]:${shop.port}/`,
        `http://2130706433:${shop.port}/`,
        `http://0.0.0.0:${shop.port}/`,
      ],
      guarded(),
    );
    for (const result of results) {
      expect(result).toMatchObject({
        outcome: "failed",
        httpStatus: null,
        detail: expect.stringMatching(/^refused: /),
      });
    }
    expect(shop.requests).toEqual([]);
  });

  it("refuses private, link-local, unique-local, multicast and any-address (0.0.0.0, ::) addresses", () => {
    const agents = linkAgents(false);
    // Asked of the agents every check connects through, on a port no connection can use: were an
    // address let through, Node would refuse the port before sending anything off this machine.
    for (const host of [
      "10.0.0.1",
      "172.16.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "fd00::1",
      "fe80::1",
      "224.0.0.1",
      "ff02::1",
      "0.0.0.0",
      "::",
    ]) {
      for (const agent of [agents.http, agents.https]) {
        let refusal: Error | undefined;
        agent.createConnection({ host, port: -1 }, (error: Error | null) => (refusal = error ?? undefined));
        expect(refusal?.message, host).toMatch(/is not allowed/);
      }
    }
    agents.http.destroy();
    agents.https.destroy();
  });

  it("vets every hop: a redirect to a refused address is refused on that hop", async () => {
    const inside = await retailer((_req, res) => html(res, "<p>Internal</p>"));
    // Agents that let 127.0.0.1 through and nothing else private: the redirect's target is ::1.
    const agents = {
      http: new RequestFilteringHttpAgent({ allowIPAddressList: ["127.0.0.1"] }),
      https: new RequestFilteringHttpsAgent({ allowIPAddressList: ["127.0.0.1"] }),
    };
    const outside = await retailer((_req, res) =>
      res.writeHead(302, { location: `http://[::1]:${inside.port}/admin` }).end(),
    );
    const fetched = await fetchLink(`${outside.base}/p/1`, {
      timeoutMs: 2_000,
      maxBodyBytes: 1024,
      userAgent: "test",
      acceptLanguage: "en",
      agents,
      turn: async () => () => undefined,
    });
    agents.http.destroy();
    agents.https.destroy();
    expect(outside.requests).toEqual(["/p/1"]);
    expect(fetched).toMatchObject({
      urls: [`${outside.base}/p/1`, `http://[::1]:${inside.port}/admin`],
      status: 302,
      error: expect.stringMatching(/^refused: \[::1\] is a private or local address/),
    });
    expect(inside.requests).toEqual([]);
  });
});

describe("politeness", () => {
  it("asks one host one request at a time with the pause between, and several hosts at once", async () => {
    const slow: Handler = (_req, res) => {
      // A retailer taking 50 ms per page, so requests to one host would overlap if sent together.
      setTimeout(() => html(res, "<p>Resveratrol</p>"), 50);
    };
    const shops = await Promise.all([retailer(slow), retailer(slow), retailer(slow)]);
    const urls = shops.flatMap((shop) => Array.from({ length: 4 }, (_, i) => `${shop.base}/p/${i}`));
    const started = Date.now();
    const results = await check(urls, checker({ hostDelayMs: 100, concurrency: 8 }));
    const took = Date.now() - started;
    expect(results.every((r) => r.outcome === "ok")).toBe(true);
    for (const shop of shops) {
      expect(shop.maxConcurrent).toBe(1);
      expect(shop.requests).toHaveLength(4);
      for (let i = 1; i < shop.spans.length; i++) {
        expect(shop.spans[i]!.start - shop.spans[i - 1]!.end).toBeGreaterThanOrEqual(95);
      }
    }
    // Hosts in parallel: about 4 × 50 ms + 3 × 100 ms, far below the 12 requests one after another.
    expect(took).toBeLessThan(12 * 150);
  });

  it("counts loopback servers on different ports as different hosts", async () => {
    const a = await retailer((_req, res) => setTimeout(() => html(res, "ok"), 100));
    const b = await retailer((_req, res) => setTimeout(() => html(res, "ok"), 100));
    await check([`${a.base}/1`, `${b.base}/1`], checker({ hostDelayMs: 1000, concurrency: 2 }));
    // Both at once: b's request started before a's ended.
    expect(b.spans[0]!.start).toBeLessThan(a.spans[0]!.end);
  });
});

describe("describeFailure", () => {
  it("words connection, DNS and TLS failures plainly", () => {
    const failure = (code: string, message = code) => Object.assign(new Error(message), { code });
    expect(describeFailure(failure("ENOTFOUND"), "shop.invalid")).toBe("DNS: shop.invalid does not exist");
    expect(describeFailure(failure("ECONNRESET"), "shop.example")).toBe("the server closed the connection");
    expect(describeFailure(failure("CERT_HAS_EXPIRED"), "shop.example")).toBe("TLS error: the certificate has expired");
    expect(describeFailure(failure("ERR_TLS_CERT_ALTNAME_INVALID"), "shop.example")).toBe(
      "TLS error: the certificate is for another host name",
    );
    expect(describeFailure(failure("ERR_SSL_WRONG_VERSION_NUMBER"), "shop.example")).toBe(
      "TLS error: the secure connection failed (ERR_SSL_WRONG_VERSION_NUMBER)",
    );
    expect(describeFailure(failure("HPE_INVALID_CONSTANT"), "shop.example")).toBe(
      "the server's answer is not valid HTTP",
    );
  });
});

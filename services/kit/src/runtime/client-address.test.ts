import { createServer, type Server } from "node:http";
import Koa from "koa";
import { afterEach, describe, expect, it } from "vitest";
import { clientAddress } from "./client-address.js";

let server: Server | undefined;
afterEach(() => server?.close());

const secret = "s".repeat(32);

/** Starts a proxy-minded app behind clientAddress, asks it once, and tells what it saw. */
async function seen(
  trusted: string[],
  headers: Record<string, string> = {},
  internalToken?: string,
): Promise<{ ip: string; host: string; protocol: string }> {
  const app = new Koa();
  app.proxy = true;
  app.use(clientAddress(trusted, internalToken));
  app.use((ctx) => {
    ctx.body = { ip: ctx.ip, host: ctx.host, protocol: ctx.protocol };
  });
  server = createServer(app.callback()).listen(0, "127.0.0.1");
  await new Promise((resolve) => server!.once("listening", resolve));
  const { port } = server.address() as { port: number };
  const response = await fetch(`http://127.0.0.1:${port}/`, { headers });
  return (await response.json()) as { ip: string; host: string; protocol: string };
}

const seenAddress = async (trusted: string[], forwardedFor?: string) =>
  (await seen(trusted, forwardedFor ? { "x-forwarded-for": forwardedFor } : {})).ip;

describe("clientAddress", () => {
  it("trusts nobody when no proxy is configured: X-Forwarded-For is the client's own claim", async () => {
    expect(await seenAddress([], "203.0.113.9")).toBe("127.0.0.1");
  });

  it("takes the address a trusted proxy appended, and nothing the client wrote before it", async () => {
    expect(await seenAddress(["loopback"], "198.51.100.7")).toBe("198.51.100.7");
    expect(await seenAddress(["loopback"], "10.0.0.1, 127.0.0.5, 198.51.100.7")).toBe("198.51.100.7");
    expect(await seenAddress(["loopback"])).toBe("127.0.0.1");
  });

  it("ignores X-Forwarded-For from a socket that is not a configured proxy", async () => {
    expect(await seenAddress(["10.0.0.0/8"], "198.51.100.7")).toBe("127.0.0.1");
  });
});

describe("the host and protocol a proxy forwards", () => {
  const forwarded = { "x-forwarded-host": "evil.example.org", "x-forwarded-proto": "https" };

  it("are the client's own claim when the peer is no configured proxy: the request's Host stands", async () => {
    for (const trusted of [[], ["10.0.0.0/8"]]) {
      const { host, protocol } = await seen(trusted, forwarded);
      expect(host, trusted.join()).toMatch(/^127\.0\.0\.1:\d+$/);
      expect(protocol, trusted.join()).toBe("http");
    }
  });

  it("are believed from a trusted proxy", async () => {
    expect(await seen(["loopback"], forwarded)).toMatchObject({ host: "evil.example.org", protocol: "https" });
  });
});

describe("the visitor a site process calls for", () => {
  it("is believed only alongside the services' shared secret", async () => {
    const visitor = { "x-visitor-address": "198.51.100.23" };
    expect((await seen([], { ...visitor, "x-internal-token": secret }, secret)).ip).toBe("198.51.100.23");
    expect((await seen([], visitor, secret)).ip).toBe("127.0.0.1");
    expect((await seen([], { ...visitor, "x-internal-token": "t".repeat(32) }, secret)).ip).toBe("127.0.0.1");
    // A process given no secret believes nobody's visitor, even one whose token is empty too.
    expect((await seen([], { ...visitor, "x-internal-token": "" })).ip).toBe("127.0.0.1");
  });

  it("must be an address, or the caller's own address counts", async () => {
    const claim = { "x-visitor-address": "198.51.100.23, 203.0.113.1", "x-internal-token": secret };
    expect((await seen([], claim, secret)).ip).toBe("127.0.0.1");
    expect((await seen([], { ...claim, "x-visitor-address": "2001:db8::7" }, secret)).ip).toBe("2001:db8::7");
  });
});

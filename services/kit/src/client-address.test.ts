import { createServer, type Server } from "node:http";
import Koa from "koa";
import { afterEach, describe, expect, it } from "vitest";
import { clientAddress } from "./client-address.js";

let server: Server | undefined;
afterEach(() => server?.close());

async function seenAddress(trusted: string[], forwardedFor?: string): Promise<string> {
  const app = new Koa();
  app.use(clientAddress(trusted));
  app.use((ctx) => {
    ctx.body = ctx.ip;
  });
  server = createServer(app.callback()).listen(0, "127.0.0.1");
  await new Promise((resolve) => server!.once("listening", resolve));
  const { port } = server.address() as { port: number };
  const response = await fetch(`http://127.0.0.1:${port}/`, {
    headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {},
  });
  return response.text();
}

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

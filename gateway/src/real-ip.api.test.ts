import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import os from "node:os";
import path from "node:path";
import { clientAddress, proxyList } from "@rsv/kit";
import Koa from "koa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, httpOk, stopProcess, waitFor } from "../../infra/local/processes.js";
import { everyUpstreamAt, startGatewayNginx } from "../../infra/local/topology.js";
import { realIpDirectives, trustedProxyList, type NginxOptions } from "./nginx.js";

/**
 * A proxy in front of the gateway: the generated nginx config (real nginx) in front of a stand-in
 * service that finds the caller's address as every service does (the kit's clientAddress with the
 * services' default TRUSTED_PROXIES, which believe one hop: the gateway).
 */

let upstream: Server;
let upstreamPort = 0;
const work = mkdtempSync(path.join(os.tmpdir(), "rsv-real-ip-"));

beforeAll(async () => {
  const app = new Koa();
  app.use(clientAddress(proxyList("loopback,uniquelocal")));
  app.use((ctx) => {
    ctx.body = { ip: ctx.ip, forwardedFor: ctx.get("x-forwarded-for"), realIp: ctx.get("x-real-ip") };
  });
  upstream = createServer(app.callback());
  upstreamPort = await freePort();
  await new Promise<void>((resolve) => upstream.listen(upstreamPort, "127.0.0.1", resolve));
});

afterAll(() => {
  upstream?.close();
  rmSync(work, { recursive: true, force: true });
});

/** Starts nginx with the options, asks as a client whose request says X-Forwarded-For, stops it. */
async function seenBehind(options: Partial<NginxOptions>, forwardedFor: string) {
  const dir = mkdtempSync(path.join(work, "nginx-"));
  mkdirSync(path.join(dir, "logs"));
  const port = await freePort();
  const nginx = startGatewayNginx("nginx-real-ip", {
    port,
    servers: everyUpstreamAt(`127.0.0.1:${upstreamPort}`),
    runtime: dir,
    logDir: path.join(dir, "logs"),
    config: options,
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitFor("nginx", () => httpOk(`${base}/healthz`), 20_000);
    const response = await fetch(`${base}/api/newsletter`, { headers: { "x-forwarded-for": forwardedFor } });
    expect(response.status).toBe(200);
    return (await response.json()) as { ip: string; forwardedFor: string; realIp: string };
  } finally {
    await stopProcess(nginx);
  }
}

describe("a trusted proxy in front of the gateway", () => {
  it("by default believes no X-Forwarded-For: the visitor is the peer", async () => {
    const seen = await seenBehind({}, "198.51.100.7");
    expect(seen.ip).toBe("127.0.0.1");
    expect(seen.realIp).toBe("127.0.0.1");
  });

  it("with the proxy trusted, services see the visitor the proxy names", async () => {
    const seen = await seenBehind({ trustedProxies: ["127.0.0.1"] }, "198.51.100.7");
    expect(seen.ip).toBe("198.51.100.7");
    expect(seen.realIp).toBe("198.51.100.7");
  });

  it("never believes what the visitor wrote further left", async () => {
    // The visitor sent "X-Forwarded-For: 203.0.113.9"; the trusted proxy appended its peer.
    const seen = await seenBehind({ trustedProxies: ["127.0.0.0/8"] }, "203.0.113.9, 198.51.100.7");
    expect(seen.ip).toBe("198.51.100.7");
  });

  it("ignores X-Forwarded-For from a peer that is not a trusted proxy", async () => {
    const seen = await seenBehind({ trustedProxies: ["10.0.0.0/8"] }, "198.51.100.7");
    expect(seen.ip).toBe("127.0.0.1");
  });

  it("takes the list from an included file, and an include that matches nothing changes nothing", async () => {
    const dir = path.join(work, "real-ip");
    mkdirSync(dir);
    writeFileSync(path.join(dir, "proxies.conf"), realIpDirectives(trustedProxyList(" 127.0.0.1 , ::1")).join("\n"));
    expect((await seenBehind({ realIpInclude: `${dir}/*.conf` }, "198.51.100.7")).ip).toBe("198.51.100.7");
    const none = path.join(work, "absent");
    expect((await seenBehind({ realIpInclude: `${none}/*.conf` }, "198.51.100.7")).ip).toBe("127.0.0.1");
  });

  it("refuses a list entry that is not an address or a range", () => {
    expect(() => realIpDirectives(["10.0.0.0/8; include /etc/passwd"])).toThrow(/not an address/);
    expect(realIpDirectives([])).toEqual([]);
  });
});

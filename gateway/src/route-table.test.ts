import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { renderNginxConfig } from "./nginx.js";
import { resolveRoute, routes, upstreams, type Upstream } from "./route-table.js";
import { productionNginxConfig } from "./write-config.js";

describe("route table", () => {
  it.each([
    ["/api/products", "catalog"],
    ["/api/products/slug/x", "catalog"],
    ["/go/some-product", "catalog"],
    ["/api/blog?published=true".split("?")[0]!, "content"],
    ["/api/site-settings", "content"],
    ["/api/newsletter/export", "newsletter"],
    ["/api/images/abc.png", "media"],
    ["/api/analytics/track", "analytics"],
    ["/api/chat", "chat"],
    ["/api/auth/login", "auth"],
    ["/", "web"],
    ["/es/comparacion", "web"],
    ["/rss.xml", "web"],
    ["/es/rss.xml", "web"],
    ["/api/productsfoo", undefined],
  ])("sends %s to %s", (pathname, upstream) => {
    const route = resolveRoute(pathname);
    expect("upstream" in route ? route.upstream : undefined).toBe(upstream);
  });

  it("answers unknown API paths itself and serves the contract and assets as files", () => {
    expect(resolveRoute("/api/nothing-here")).toMatchObject({ notFound: true });
    expect(resolveRoute("/api/openapi.json")).toMatchObject({ file: "openapi/dist/openapi.json" });
    expect(resolveRoute("/assets/app-123.js")).toMatchObject({ immutable: true });
  });
});

describe("nginx config", () => {
  const servers = Object.fromEntries(upstreams.map((u, i) => [u, [`127.0.0.1:${4100 + i}`]])) as Record<
    Upstream,
    string[]
  >;

  it("is accepted by nginx -t", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "rsv-nginx-"));
    try {
      const conf = path.join(dir, "nginx.conf");
      writeFileSync(
        conf,
        renderNginxConfig({ listen: "127.0.0.1:18080", servers, root: dir, runtimeDir: dir, daemon: false }),
      );
      const output = execFileSync("nginx", ["-t", "-c", conf, "-p", dir], { stdio: "pipe" }).toString();
      expect(output).toBe("");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("has one location per route, upstream keepalive, gzip and immutable assets", () => {
    const conf = renderNginxConfig({ listen: "8080", servers, root: "/srv" });
    expect(conf.match(/^\s+location (?!@|= \/\.gateway-error\/)/gm)).toHaveLength(routes.length);
    for (const upstream of upstreams) expect(conf).toContain(`upstream ${upstream} {`);
    expect(conf).toContain("keepalive 32;");
    expect(conf).toContain("gzip on;");
    expect(conf).toMatch(/location \/assets\/ \{[^}]*immutable/);
  });

  it("is committed as generated (gateway/nginx.conf)", () => {
    const committed = readFileSync(new URL("../nginx.conf", import.meta.url), "utf8");
    expect(committed, "run: node --import tsx gateway/src/write-config.ts").toBe(productionNginxConfig());
  });
});

import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { realIpDirectives, renderNginxConfig, trustedProxyList } from "./nginx.js";
import { upstreams, type Upstream } from "./route-table.js";

/**
 * The production nginx.conf: every upstream is its compose service on port 3000, resolved by Docker's
 * DNS; the gateway image installs the brotli modules.
 */
export function productionNginxConfig(): string {
  const servers = Object.fromEntries(upstreams.map((u) => [u, [`${u}:3000`]])) as Record<Upstream, string[]>;
  return renderNginxConfig({
    listen: "8080",
    servers,
    root: "/srv",
    daemon: false,
    brotli: true,
    // Empty unless the operator puts a file there (see docs/operations.md, "Visitors' addresses").
    realIpInclude: "/etc/nginx/real-ip/*.conf",
  });
}

/** Where the production config is written: the gateway image's, and the Kubernetes ConfigMap's copy (kustomize reads only files below its own folder). */
export const NGINX_CONFIG_COPIES = ["../nginx.conf", "../../infra/k8s/base/gateway/nginx.conf"];

if (import.meta.url === `file://${process.argv[1]}` && process.argv[2] === "real-ip") {
  // `write-config.ts real-ip 203.0.113.0/24,10.0.0.0/8 > real-ip.conf`: the file that makes the
  // gateway believe those proxies' X-Forwarded-For.
  console.log(realIpDirectives(trustedProxyList(process.argv[3])).join("\n"));
} else if (import.meta.url === `file://${process.argv[1]}`) {
  const config = productionNginxConfig();
  for (const copy of NGINX_CONFIG_COPIES) writeFileSync(fileURLToPath(new URL(copy, import.meta.url)), config);
}

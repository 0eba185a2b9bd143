import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { renderNginxConfig } from "./nginx.js";
import { upstreams, type Upstream } from "./route-table.js";

/**
 * The production nginx.conf: every upstream is its compose service on port 3000, resolved by Docker's
 * DNS; the gateway image installs the brotli modules.
 */
export function productionNginxConfig(): string {
  const servers = Object.fromEntries(upstreams.map((u) => [u, [`${u}:3000`]])) as Record<Upstream, string[]>;
  return renderNginxConfig({ listen: "8080", servers, root: "/srv", daemon: false, brotli: true });
}

/** Where the production config is written: the gateway image's, and the Kubernetes ConfigMap's copy (kustomize reads only files below its own folder). */
export const NGINX_CONFIG_COPIES = ["../nginx.conf", "../../infra/k8s/base/gateway/nginx.conf"];

if (import.meta.url === `file://${process.argv[1]}`) {
  const config = productionNginxConfig();
  for (const copy of NGINX_CONFIG_COPIES) writeFileSync(fileURLToPath(new URL(copy, import.meta.url)), config);
}

/* global __ENV */
// Settings every scenario shares. Each comes from the environment (`k6 run -e NAME=value`, or the
// k6 service's environment in docker-compose.yml), so one script runs against compose, a staging
// cluster or a local topology without edits.

/** The only place any scenario sends requests: there is no default, so a run never hits a guessed host. */
export const BASE_URL = (__ENV.BASE_URL || "").replace(/\/+$/, "");
if (!/^https?:\/\/[^/]+$/.test(BASE_URL)) {
  throw new Error("Set BASE_URL to the gateway's origin, e.g. -e BASE_URL=http://127.0.0.1:8080");
}

/** Concurrent virtual users and run length: wrk's 20 connections by default. */
export const VUS = Number(__ENV.VUS || 20);
export const DURATION = __ENV.DURATION || "30s";

/** An address on the gateway: scenarios pass paths, never hosts. */
export function url(path) {
  return `${BASE_URL}${path}`;
}

// The site ignores known bots when counting visits, and k6's own user agent is one: every request
// says it is a desktop browser, so tracked events are really queued and stored.
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/** Request parameters: a browser's user agent, JSON when there is a body, and any tags. */
export function params({ json = false, headers = {}, tags = {} } = {}) {
  return {
    headers: { "user-agent": BROWSER, ...(json ? { "content-type": "application/json" } : {}), ...headers },
    tags,
  };
}

/**
 * A request with credentials, which the gateway never answers from its short cache: the "bypassed"
 * scenarios measure the service itself. The value is not a valid credential and public reads ignore it.
 */
export const BYPASS_CACHE = { authorization: "Bearer load-test-bypasses-the-cache" };

/** The per-address budgets (chat, track) count every request from the load generator as one visitor. */
export const RATE_LIMIT_NOTE =
  "Start the site with RATE_LIMIT_SCALE=1000 for this scenario: every request comes from one address.";

/**
 * Options shared by every scenario: VUS users looping for DURATION, the given thresholds plus an
 * error-rate budget (1 %), and percentiles up to p(99) in the summary.
 */
export function options(thresholds) {
  return {
    scenarios: { load: { executor: "constant-vus", vus: VUS, duration: DURATION } },
    thresholds: { http_req_failed: ["rate<0.01"], checks: ["rate>0.99"], ...thresholds },
    summaryTrendStats: ["avg", "min", "med", "p(90)", "p(95)", "p(99)", "max"],
  };
}

/** The first published product's slug, read once in setup() so no scenario hard-codes catalogue data. */
export function firstProductSlug(http) {
  const res = http.get(url("/api/products"), params({ tags: { name: "setup" } }));
  if (res.status !== 200) throw new Error(`GET /api/products answered ${res.status}`);
  const products = res.json();
  if (!Array.isArray(products) || products.length === 0) throw new Error("The catalogue is empty: seed it first");
  return products[0].slug;
}

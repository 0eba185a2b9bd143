// The product list with the gateway's cache bypassed: what the catalog service itself sustains.
// Goal: 15 % of nginx serving the same bytes (make bench measures the ratio); here, no errors and
// a p(99) an anonymous visitor would never notice.
import http from "k6/http";
import { check } from "k6";
import { BYPASS_CACHE, options as shared, params, url } from "./config.js";

export const options = shared({ "http_req_duration{name:products-bypass}": ["p(99)<100"] });

export default function () {
  const res = http.get(url("/api/products"), params({ headers: BYPASS_CACHE, tags: { name: "products-bypass" } }));
  check(res, {
    "list 200": (r) => r.status === 200,
    "not from the cache": (r) => r.headers["X-Cache-Status"] !== "HIT",
  });
}

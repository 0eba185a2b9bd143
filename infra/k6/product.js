// One product by its slug, cache bypassed. Goal: 15 % of the static ceiling (make bench); here, no
// errors and p(99) within 100 ms.
import http from "k6/http";
import { check } from "k6";
import { BYPASS_CACHE, firstProductSlug, options as shared, params, url } from "./config.js";

export const options = shared({ "http_req_duration{name:product}": ["p(99)<100"] });

export function setup() {
  return { slug: firstProductSlug(http) };
}

export default function ({ slug }) {
  const res = http.get(url(`/api/products/slug/${slug}`), params({ headers: BYPASS_CACHE, tags: { name: "product" } }));
  check(res, { "product 200": (r) => r.status === 200 && r.json("slug") === slug });
}

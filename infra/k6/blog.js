/* global __ITER */
// The published blog list in both languages, cache bypassed. Goal: 15 % of the static ceiling
// (make bench); here, no errors and p(99) within 100 ms.
import http from "k6/http";
import { check } from "k6";
import { BYPASS_CACHE, options as shared, params, url } from "./config.js";

export const options = shared({ "http_req_duration{name:blog}": ["p(99)<100"] });

export default function () {
  const lang = __ITER % 2 === 0 ? "en" : "es";
  const res = http.get(
    url(`/api/blog?published=true&lang=${lang}`),
    params({ headers: BYPASS_CACHE, tags: { name: "blog", lang } }),
  );
  check(res, { "blog list 200": (r) => r.status === 200 && Array.isArray(r.json()) });
}

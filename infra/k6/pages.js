/* global __ITER */
// Server-rendered pages as an anonymous visitor gets them through the gateway, English and Spanish.
// Goal: a page within 20 ms at the median in each language (the web process's render budget; the
// gateway's ratio to the static ceiling, 50 %, is measured by make bench).
import http from "k6/http";
import { check } from "k6";
import { firstProductSlug, options as shared, params, url } from "./config.js";

export const options = shared({
  "http_req_duration{name:page,lang:en}": ["p(50)<20"],
  "http_req_duration{name:page,lang:es}": ["p(50)<20"],
});

export function setup() {
  const slug = firstProductSlug(http);
  return {
    pages: [
      { path: "/", lang: "en" },
      { path: "/comparison", lang: "en" },
      { path: `/review/${slug}`, lang: "en" },
      { path: "/es", lang: "es" },
      { path: "/es/comparacion", lang: "es" },
      { path: `/es/resena/${slug}`, lang: "es" },
    ],
  };
}

export default function ({ pages }) {
  const page = pages[__ITER % pages.length];
  const res = http.get(url(page.path), params({ tags: { name: "page", lang: page.lang } }));
  check(res, {
    "page 200": (r) => r.status === 200,
    "page in its language": (r) => String(r.body).includes(`<html lang="${page.lang}"`),
  });
}

// The product list as visitors get it: anonymous, answered from the gateway's short cache.
// Goal: p(99) within 10 ms; an unchanged list revalidates with 304 (ETag).
import http from "k6/http";
import { check } from "k6";
import { options as shared, params, url } from "./config.js";

export const options = shared({ "http_req_duration{name:products}": ["p(99)<10"] });

export function setup() {
  const first = http.get(url("/api/products"), params({ tags: { name: "setup" } }));
  const etag = first.headers["Etag"];
  const again = http.get(
    url("/api/products"),
    params({ headers: { "if-none-match": etag || "" }, tags: { name: "setup" } }),
  );
  check(again, { "unchanged list revalidates with 304": (r) => Boolean(etag) && r.status === 304 });
}

export default function () {
  const res = http.get(url("/api/products"), params({ tags: { name: "products" } }));
  check(res, { "list 200": (r) => r.status === 200, "list has an ETag": (r) => Boolean(r.headers["Etag"]) });
}

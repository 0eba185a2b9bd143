/* global __ENV */
// Visitors browsing and clicking: k6 run infra/k6/browse.js (BASE_URL defaults to the compose gateway).
import http from "k6/http";
import { check, sleep } from "k6";

export const options = {
  scenarios: {
    browse: {
      executor: "ramping-vus",
      startVUs: 0,
      stages: [
        { duration: "30s", target: 50 },
        { duration: "1m", target: 50 },
        { duration: "15s", target: 0 },
      ],
    },
  },
  thresholds: { http_req_failed: ["rate<0.01"], http_req_duration: ["p(95)<500"] },
};

const BASE = __ENV.BASE_URL || "http://gateway:8080";

export default function () {
  check(http.get(`${BASE}/`), { "home 200": (r) => r.status === 200 });
  check(http.get(`${BASE}/comparison?sort=rating`), { "comparison 200": (r) => r.status === 200 });
  const products = http.get(`${BASE}/api/products`);
  check(products, { "products 200": (r) => r.status === 200 });
  const event = { eventType: "page_view", eventData: { page: "/comparison", timestamp: new Date().toISOString() } };
  check(
    http.post(`${BASE}/api/analytics/track`, JSON.stringify(event), {
      headers: { "content-type": "application/json" },
    }),
    {
      "track 202": (r) => r.status === 202,
    },
  );
  sleep(1);
}

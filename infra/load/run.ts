import autocannon from "autocannon";

/**
 * Home, comparison, product-list and tracking requests through an npm load generator, for machines
 * without k6. Loopback only, bounded in time: node --import tsx infra/load/run.ts [baseUrl] [seconds]
 */
const base = process.argv[2] ?? "http://127.0.0.1:8080";
const seconds = Math.min(Number(process.argv[3] ?? 10), 60);
if (!/^http:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?$/.test(base)) {
  throw new Error("Load tests only target loopback addresses");
}

const event = JSON.stringify({
  eventType: "page_view",
  eventData: { page: "/comparison", timestamp: new Date().toISOString() },
});
const scenarios = [
  { name: "home", requests: [{ method: "GET" as const, path: "/" }] },
  { name: "comparison", requests: [{ method: "GET" as const, path: "/comparison?sort=rating" }] },
  { name: "products api", requests: [{ method: "GET" as const, path: "/api/products" }] },
  {
    name: "track",
    requests: [
      {
        method: "POST" as const,
        path: "/api/analytics/track",
        body: event,
        headers: { "content-type": "application/json" },
      },
    ],
  },
];

for (const scenario of scenarios) {
  const result = await autocannon({ url: base, connections: 20, duration: seconds, requests: scenario.requests });
  console.log(
    `${scenario.name.padEnd(14)} ${Math.round(result.requests.average)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  non-2xx ${result.non2xx}  errors ${result.errors}`,
  );
}

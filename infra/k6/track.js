/* global __ENV, __VU, __ITER */
// Page views posted to the tracking endpoint, each answered 202 once queued in Redis.
// Goals: 10,000 events/s or more, p(99) within 15 ms. After the worker drains the queue,
// analytics.events holds exactly the number of accepted events (the "events_accepted" counter):
//   select count(*) from analytics.events where event_data->>'page' like '/load-test/%';
// RATE_LIMIT_NOTE (config.js) applies: the endpoint allows 120 events a minute per address.
import http from "k6/http";
import { check } from "k6";
import { Counter } from "k6/metrics";
import { options as shared, params, url } from "./config.js";

const accepted = new Counter("events_accepted");
const MIN_RATE = Number(__ENV.MIN_EVENTS_PER_SECOND || 10000);

export const options = shared({
  "http_req_duration{name:track}": ["p(99)<15"],
  events_accepted: [`rate>=${MIN_RATE}`],
});

// 202 is this endpoint's success: anything else counts as a failed request.
const expected = http.expectedStatuses(202);

export default function () {
  const event = {
    eventType: "page_view",
    eventData: { page: `/load-test/${__VU}/${__ITER}`, timestamp: new Date().toISOString() },
  };
  const res = http.post(url("/api/analytics/track"), JSON.stringify(event), {
    ...params({ json: true, tags: { name: "track" } }),
    responseCallback: expected,
  });
  if (check(res, { "event queued (202)": (r) => r.status === 202 })) accepted.add(1);
}

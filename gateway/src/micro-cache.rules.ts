/**
 * Requests the micro-cache must pass by without storing their answers, in nginx (gateway/nginx.conf)
 * and in embedded mode (micro-cache.ts) alike: both implementations' tests take their cases from here.
 */
export const credentialRequests: Array<[label: string, headers: Record<string, string>]> = [
  ["an admin session cookie", { cookie: "rsv_session=abc" }],
  ["the session cookie's name outside this machine", { cookie: "__Host-rsv_session=abc" }],
  ["the session cookie after another", { cookie: "lang=es; __Host-rsv_session=abc" }],
  ["an Authorization header", { authorization: "Basic eDp5" }],
];

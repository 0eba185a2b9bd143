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

/**
 * Visitors' headers and the country the gateway works out from them (X-Country upstream, and part of
 * the micro-cache's key, since pages show the offers of the visitor's market). A client's own
 * X-Country is never believed.
 */
export const countryRequests: Array<[label: string, headers: Record<string, string>, country: string]> = [
  ["the CDN's country header", { "cf-ipcountry": "NL", "accept-language": "es-ES" }, "NL"],
  ["a language with a region", { "accept-language": "de-AT,de;q=0.9" }, "AT"],
  ["a language spoken in one market", { "accept-language": "pl;q=0.8" }, "PL"],
  ["a language with a numeric region", { "accept-language": "es-419,es;q=0.9" }, "ES"],
  ["a language of many markets", { "accept-language": "en" }, ""],
  ["a client's own X-Country", { "x-country": "FR" }, ""],
  ["a CDN header that is not a code", { "cf-ipcountry": "XXX", "accept-language": "en-GB" }, "GB"],
];

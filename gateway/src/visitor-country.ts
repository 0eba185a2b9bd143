import type { IncomingMessage } from "node:http";
import { visitorCountry } from "@rsv/api/offer-rules";

/**
 * The visitor's country, worked out once at the edge: the CDN's country header (CF-IPCountry) when it
 * holds a two-letter code, else the region of the first Accept-Language entry, else the country of a
 * language spoken mostly in one market (visitorCountry in @rsv/api/offer-rules, which the services
 * apply to it again). It is sent upstream as X-Country, replacing whatever the client sent there, and
 * keys the micro-cache: pages show the offers of the visitor's market, so a German visitor must never
 * be handed the copy made for a Spanish one.
 */

/** nginx's copy of the rule, as maps ending in $visitor_country (letter case as the client wrote it). */
export const visitorCountryMaps = [
  `map $http_cf_ipcountry $edge_country { "~^(?<code>[A-Za-z]{2})$" $code; default ""; }`,
  [
    "map $http_accept_language $language_country {",
    `  "~^\\s*[A-Za-z]{1,8}-(?<region>[A-Za-z]{2})(?:[;,\\s]|$)" $region;`,
    ...["de", "es", "nl", "pl"].map((language) => `  "~*^\\s*${language}(?:[-;,\\s]|$)" ${language.toUpperCase()};`),
    `  default "";`,
    "}",
  ].join("\n"),
  `map $edge_country $visitor_country { "" $language_country; default $edge_country; }`,
];

/** The embedded server's copy: sets X-Country on the request from the same headers. */
export function setVisitorCountry(req: IncomingMessage): void {
  const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
  const country = visitorCountry(first(req.headers["cf-ipcountry"]), first(req.headers["accept-language"]));
  if (country) req.headers["x-country"] = country;
  else delete req.headers["x-country"];
}

/**
 * What a link check found, in one sentence per reason: the catalog writes a check's `detail` from this
 * table (English, as the contract and the activity log keep it), and the admin reads a detail back
 * through the same table to say it in the owner's language. `{name}` stands for a value.
 */
export const checkDetails = {
  invalid_address: "not a valid address",
  not_web: "not a web address ({protocol})",
  redirect_loop: "redirect loop",
  too_many_redirects: "redirect loop: more than {max} redirects",
  timeout: "timed out after {duration}",
  bad_location: "HTTP {status} to an address that is not valid",
  refused_private: "refused: {host} is a private or local address ({address})",
  tls_expired: "TLS error: the certificate has expired",
  tls_not_yet_valid: "TLS error: the certificate is not valid yet",
  tls_self_signed: "TLS error: the certificate is self-signed",
  tls_self_signed_chain: "TLS error: the certificate chain is self-signed",
  tls_unknown_authority: "TLS error: the certificate is not signed by a known authority",
  tls_wrong_host: "TLS error: the certificate is for another host name",
  tls_revoked: "TLS error: the certificate was revoked",
  tls_other: "TLS error: the secure connection failed ({code})",
  dns_missing: "DNS: {host} does not exist",
  dns_lookup: "DNS: {host} could not be looked up",
  connection_refused: "the server refused the connection",
  connection_closed: "the server closed the connection",
  unreachable: "the server cannot be reached",
  connection_timeout: "the connection timed out",
  bad_http: "the server's answer is not valid HTTP",
  request_failed: "the request failed ({code})",
  no_location: "HTTP {status} without a usable Location",
  no_answer: "no answer",
  http: "HTTP {status}",
  other_site: "redirected to another site ({host})",
  home_page: "redirected to the retailer's home page",
  redirected_one: "HTTP {status} after 1 redirect within the retailer's site",
  redirected_other: "HTTP {status} after {count} redirects within the retailer's site",
  schema_out_of_stock: "the page declares schema.org availability {availability}",
  phrase: "the page says “{phrase}”",
} as const;

export type CheckDetailReason = keyof typeof checkDetails;
export type CheckDetailValues = Record<string, string | number>;

/** A check's detail in the table's English words, its `{name}`s filled. */
export function checkDetail(reason: CheckDetailReason, values: CheckDetailValues = {}): string {
  return checkDetails[reason].replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ""));
}

const escape = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, "\\$&");

// Each sentence as a pattern: its words as they are, each `{name}` any text. The sentences with the
// most words of their own are tried first, so "HTTP {status}" does not take "HTTP 200 after 1 redirect…".
const readers = (Object.entries(checkDetails) as Array<[CheckDetailReason, string]>)
  .map(([reason, sentence]) => {
    const names = [...sentence.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
    const pattern = new RegExp(`^${escape(sentence).replace(/\\\{\w+\\\}|\{\w+\}/g, "(.+)")}$`, "s");
    return { reason, names, pattern, words: sentence.replace(/\{\w+\}/g, "").length };
  })
  .sort((a, b) => b.words - a.words);

/** The reason and values of a detail written from the table; null for any other text. */
export function readCheckDetail(detail: string): { reason: CheckDetailReason; values: Record<string, string> } | null {
  for (const { reason, names, pattern } of readers) {
    const match = pattern.exec(detail);
    if (match) return { reason, values: Object.fromEntries(names.map((name, index) => [name, match[index + 1]!])) };
  }
  return null;
}

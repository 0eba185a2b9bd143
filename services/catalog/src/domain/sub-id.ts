import type { ErrorDetail } from "@rsv/kit";

/**
 * A retailer's sub-ID template: a query fragment such as `subid={clickId}` or
 * `clickref={clickId}&pubref=rsv` merged into an offer's address when a counted click sends a visitor
 * there, so the network's commission report names the click (its id is the analytics event's uid).
 */

/** Longest template kept: a few parameters, never a second address. */
export const SUB_ID_TEMPLATE_MAX = 300;

/** What a template may name, and where each value comes from. */
export const SUB_ID_PLACEHOLDERS = ["clickId", "product", "offerId", "market"] as const;
export type SubIdPlaceholder = (typeof SUB_ID_PLACEHOLDERS)[number];
export type SubIdValues = Record<SubIdPlaceholder, string>;

const NAME = /^[A-Za-z0-9_.~-]+(?:\[\])?$/;
/** A value: unreserved characters, percent escapes and placeholders, nothing else. */
const VALUE_PART = /\{([^{}]*)\}|%[0-9A-Fa-f]{2}|[A-Za-z0-9_.~!$'()*+,;:@/-]/g;

interface Pair {
  name: string;
  value: string;
}

/**
 * Why a template is refused: each problem's stable `reason` (the contract's error detail), which the
 * admin says in its own words; the message says it in English.
 */
export type SubIdProblem =
  | "subid_too_long"
  | "subid_leading_separator"
  | "subid_space"
  | "subid_hash"
  | "subid_not_pair"
  | "subid_name_twice"
  | "subid_unknown_placeholder"
  | "subid_unsafe_value"
  | "subid_click_id_missing";

/** The template's parameters, or the reasons it is refused (each naming `path`). */
export function checkSubIdTemplate(template: string, path = "body.subIdTemplate"): ErrorDetail[] {
  const problems: Array<[SubIdProblem, string]> = [];
  if (template.length > SUB_ID_TEMPLATE_MAX)
    problems.push(["subid_too_long", `At most ${SUB_ID_TEMPLATE_MAX} characters`]);
  if (/^[?&]/.test(template))
    problems.push(["subid_leading_separator", "Start with the parameter's name, without ? or &"]);
  if (/\s/.test(template)) problems.push(["subid_space", "No spaces: write a query such as subid={clickId}"]);
  if (template.includes("#")) problems.push(["subid_hash", "No # : the template is a query, not an address"]);
  if (problems.length === 0) {
    const names = new Set<string>();
    for (const part of template.split("&")) {
      const eq = part.indexOf("=");
      const name = eq < 0 ? part : part.slice(0, eq);
      if (eq < 0 || !NAME.test(name)) {
        problems.push(["subid_not_pair", `"${part.slice(0, 40)}" is not name=value (names: letters, digits, _ . ~ -)`]);
        continue;
      }
      if (names.has(name)) problems.push(["subid_name_twice", `The parameter ${name} appears twice`]);
      names.add(name);
      const value = part.slice(eq + 1);
      const unknown = [...value.matchAll(/\{([^{}]*)\}/g)]
        .map((m) => m[1]!)
        .filter((p) => !(SUB_ID_PLACEHOLDERS as readonly string[]).includes(p));
      for (const placeholder of unknown)
        problems.push([
          "subid_unknown_placeholder",
          `Unknown placeholder {${placeholder}}: use ${SUB_ID_PLACEHOLDERS.map((p) => `{${p}}`).join(", ")}`,
        ]);
      if (value.replace(VALUE_PART, "") !== "")
        problems.push([
          "subid_unsafe_value",
          `The value of ${name} has characters a query cannot hold as they are (percent-encode them)`,
        ]);
    }
    if (!template.includes("{clickId}"))
      problems.push(["subid_click_id_missing", "The template must contain {clickId}"]);
  }
  return problems.map(([reason, message]) => ({ path, message, reason }));
}

/**
 * The template's parameters that the retailer's offer addresses already carry, such as the site's own
 * affiliate tag: merged in, the template would replace them and the commission would be lost.
 */
export function overwrittenParameters(template: string, urls: readonly string[]): string[] {
  const names = new Set(pairsOf(template).map((pair) => pair.name));
  const carried = new Set(
    urls.flatMap((url) => {
      const query = url.split("#")[0]!.split("?")[1] ?? "";
      return query.split("&").map((part) => decodedName(part.split("=")[0]!));
    }),
  );
  return [...names].filter((name) => carried.has(name));
}

function pairsOf(template: string): Pair[] {
  return template.split("&").map((part) => {
    const eq = part.indexOf("=");
    return { name: part.slice(0, eq), value: part.slice(eq + 1) };
  });
}

const decodedName = (raw: string) => {
  try {
    return decodeURIComponent(raw.replace(/\+/g, " "));
  } catch {
    return raw;
  }
};

/**
 * The offer's address with the template's parameters merged into its query: a parameter of the same
 * name already there is replaced (where the template puts it, at the end), every other part of the
 * address stays byte for byte as it was. Placeholder values are percent-encoded.
 */
export function applySubIdTemplate(url: string, template: string, values: SubIdValues): string {
  const hashAt = url.indexOf("#");
  const hash = hashAt < 0 ? "" : url.slice(hashAt);
  const beforeHash = hashAt < 0 ? url : url.slice(0, hashAt);
  const queryAt = beforeHash.indexOf("?");
  const base = queryAt < 0 ? beforeHash : beforeHash.slice(0, queryAt);
  const query = queryAt < 0 ? "" : beforeHash.slice(queryAt + 1);
  const pairs = pairsOf(template);
  const replaced = new Set(pairs.map((pair) => pair.name));
  const kept = query.split("&").filter((part) => part !== "" && !replaced.has(decodedName(part.split("=")[0]!)));
  const added = pairs.map(
    ({ name, value }) =>
      `${name}=${value.replace(/\{([^{}]*)\}/g, (_, key: string) => encodeURIComponent(values[key as SubIdPlaceholder] ?? ""))}`,
  );
  return `${base}?${[...kept, ...added].join("&")}${hash}`;
}

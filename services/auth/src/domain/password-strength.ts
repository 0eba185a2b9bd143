import type { ZxcvbnFactory } from "@zxcvbn-ts/core";

/** zxcvbn's score runs 0 to 4; 3 is "safely unguessable: moderate protection from offline attacks". */
export const MIN_SCORE = 3;

/** Why a new password is refused; clients show their own words for each. */
export type PasswordProblem = "password_same_as_current" | "password_resembles_email" | "password_too_weak";

export interface PasswordRefusal {
  problem: PasswordProblem;
  /** The estimator's advice as stable keys, `warning.<key>` and `suggestion.<key>` (zxcvbn's feedback keys). */
  hints: string[];
  /** The same in English, for logs and API callers. */
  message: string;
}

interface Estimator {
  zxcvbn: ZxcvbnFactory;
  english: { warnings: Record<string, string>; suggestions: Record<string, string> };
}

let estimator: Promise<Estimator> | undefined;

/**
 * The dictionaries (common passwords, English and Spanish words and names, Wikipedia titles) weigh
 * several megabytes and take about a second to index, so they load on the first check, once per process.
 * Each check runs on the event loop, so it is kept to about 0.1 s here: Levenshtein matching stays off
 * and l33t matching tries 4 substitutions, not 100 (either took a random 24-character password 2 to 3 s,
 * for the same scores), and only the first 64 characters are weighed.
 */
function loadEstimator(): Promise<Estimator> {
  estimator ??= (async () => {
    const [{ ZxcvbnFactory }, common, en, es] = await Promise.all([
      import("@zxcvbn-ts/core"),
      import("@zxcvbn-ts/language-common"),
      import("@zxcvbn-ts/language-en"),
      import("@zxcvbn-ts/language-es-es"),
    ]);
    const zxcvbn = new ZxcvbnFactory({
      graphs: common.adjacencyGraphs,
      dictionary: { ...common.dictionary, ...en.dictionary, ...es.dictionary },
      l33tMaxSubstitutions: 4,
      maxLength: 64,
    });
    return { zxcvbn, english: en.translations };
  })();
  return estimator;
}

const reduced = (value: string) => value.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");

/** The address itself, or its local part, with little more than punctuation, case or a few characters around it. */
export function resemblesEmail(password: string, email: string): boolean {
  const local = reduced(email.split("@")[0] ?? "");
  let rest = reduced(password).replaceAll(reduced(email), "");
  if (local.length >= 3) rest = rest.replaceAll(local, "");
  return rest.length < 6;
}

/**
 * Null when the new password may be used; else why not. The account's email (and its parts) are the
 * estimator's user inputs, so passwords built on them score low too.
 */
export async function checkNewPassword(
  password: string,
  account: { email: string; currentPassword?: string },
): Promise<PasswordRefusal | null> {
  if (account.currentPassword !== undefined && password === account.currentPassword)
    return { problem: "password_same_as_current", hints: [], message: "The new password is the current one" };
  if (resemblesEmail(password, account.email))
    return {
      problem: "password_resembles_email",
      hints: [],
      message: "The new password is too close to the account's email address",
    };
  const { zxcvbn, english } = await loadEstimator();
  const [local = "", domain = ""] = account.email.split("@");
  const result = zxcvbn.check(password, [account.email, local, domain, ...domain.split(".")]);
  if (result.score >= MIN_SCORE) return null;
  const { warning, suggestions } = result.feedback;
  const hints = [...(warning ? [`warning.${warning}`] : []), ...suggestions.map((key) => `suggestion.${key}`)];
  const advice = [
    warning ? english.warnings[warning] : undefined,
    ...suggestions.map((key) => english.suggestions[key]),
  ];
  return {
    problem: "password_too_weak",
    hints,
    message: ["The new password is too easy to guess.", ...advice.filter(Boolean)].join(" "),
  };
}

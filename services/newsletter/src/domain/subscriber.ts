import { randomBytes } from "node:crypto";

/** The contract's `format: email` check (ajv-formats "full" mode), applied after normalising. */
const EMAIL =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

export const MAX_EMAIL_LENGTH = 254;
export const INVALID_EMAIL = "Please enter a valid email address.";

/** One address, one subscriber: surrounding whitespace dropped, lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The normalised address, or undefined when it is not a valid email address. */
export function validEmail(input: string): string | undefined {
  const email = normalizeEmail(input);
  return email.length <= MAX_EMAIL_LENGTH && EMAIL.test(email) ? email : undefined;
}

/** The secret of a subscriber's unsubscribe link: 32 random bytes, base64url. */
export function newUnsubscribeToken(): string {
  return randomBytes(32).toString("base64url");
}

/** `subscribers-YYYY-MM-DD.txt`, dated in UTC. */
export function exportFilename(now: Date = new Date()): string {
  return `subscribers-${now.toISOString().slice(0, 10)}.txt`;
}

/** One address per line, each line ended. */
/**
 * One address per line. The owner may open the file in a spreadsheet, which would run a line starting
 * with = + - or @ as a formula (an address may legally start with the first three): such a line gets a
 * leading apostrophe, as the OWASP advice on formula injection has it.
 */
export function exportText(emails: string[]): string {
  return emails.map((email) => `${/^[=+\-@\t\r]/.test(email) ? `'${email}` : email}\n`).join("");
}

import { createHash, randomBytes } from "node:crypto";
import { csvField } from "@rsv/kit";

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

export const subscriberStatuses = ["pending", "confirmed", "unsubscribed", "bounced"] as const;
export type SubscriberStatus = (typeof subscriberStatuses)[number];
export type Language = "en" | "es";

/** How long a confirmation link works. */
export const CONFIRMATION_TTL_MS = 48 * 3_600_000;
/** A pending address signing up again gets a new confirmation at most this often. */
export const CONFIRMATION_RESEND_MS = 10 * 60_000;

/** The secret of a confirmation link (32 random bytes, base64url) and what is stored of it. */
export function newConfirmationToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashToken(token) };
}

/**
 * Whether a link's token could be one the site issued (base64url, 16 to 128 characters). Anything else
 * (a link cut short by a mail program, a trailing bracket) is an unknown link, answered without a lookup.
 */
export function wellFormedToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{16,128}$/.test(token);
}

/** SHA-256, hex: a stolen copy of the table confirms nobody, and the secret has 256 bits to guess. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A path on the site a sign-up came from: kept only when it is one (no scheme, host or line break). */
export function sourcePathOf(input: string | undefined): string | null {
  if (!input || !input.startsWith("/") || input.startsWith("//") || /[\r\n\\]/.test(input)) return null;
  return input.slice(0, 300);
}

/** `subscribers-YYYY-MM-DD.csv`, dated in UTC. */
export function exportFilename(now: Date = new Date(), status: SubscriberStatus = "confirmed"): string {
  const date = now.toISOString().slice(0, 10);
  return status === "confirmed" ? `subscribers-${date}.csv` : `subscribers-${status}-${date}.csv`;
}

/** What the export says of a subscriber: who, in which language, and when and where they gave consent. */
export interface ExportedSubscriber {
  email: string;
  language: Language;
  status: SubscriberStatus;
  sourcePath: string | null;
  subscribedAt: string;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
  bouncedAt: string | null;
}

/** The export's columns, in order: the consent record (sign-up, confirmation, the page) after the address. */
export const EXPORT_COLUMNS = [
  "email",
  "language",
  "status",
  "subscribed_at",
  "confirmed_at",
  "unsubscribed_at",
  "bounced_at",
  "source_path",
] as const;

/**
 * The subscribers as CSV, the proof of consent an owner keeps: UTF-8 with a byte-order mark (so a
 * spreadsheet reads accents right), CRLF lines, a header row, times in UTC (ISO 8601), an empty cell
 * where something has not happened.
 */
export function exportCsv(subscribers: readonly ExportedSubscriber[]): string {
  const lines = subscribers.map((s) =>
    [s.email, s.language, s.status, s.subscribedAt, s.confirmedAt, s.unsubscribedAt, s.bouncedAt, s.sourcePath]
      .map(csvField)
      .join(","),
  );
  return `\uFEFF${[EXPORT_COLUMNS.join(","), ...lines].join("\r\n")}\r\n`;
}

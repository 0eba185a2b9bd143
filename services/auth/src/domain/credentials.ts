import { createHash, randomBytes } from "node:crypto";

/** The format check of the contract (`format: email`, ajv-formats "full" mode), so stored addresses always fit it. */
const EMAIL =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

export const INVALID_CREDENTIALS = "Invalid email or password";

/** An admin in embedded mode without ADMIN_EMAIL. `admin@localhost` would not pass the contract's email format. */
export const DEFAULT_EMBEDDED_ADMIN = "admin@localhost.localdomain";

export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value);
}

/** Accounts are found by their trimmed, lower-cased address. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** 32 random bytes, base64url: the opaque session id the cookie carries. */
export function newSessionId(): string {
  return randomBytes(32).toString("base64url");
}

/** Only this hash of a session id is stored, so a leaked table does not hand out sessions. */
export function hashSessionId(id: string): string {
  return createHash("sha256").update(id).digest("hex");
}

export function isWellFormedSessionId(value: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(value);
}

/** 24 base64url characters (144 random bits) for the generated first admin password. */
export function generatePassword(): string {
  return randomBytes(18).toString("base64url");
}

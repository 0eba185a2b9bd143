import * as argon2 from "argon2";

/** argon2id with OWASP's recommended minimum (19 MiB, 2 iterations, 1 lane). */
export const HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * A hash of a random, discarded password made with HASH_OPTIONS: an unknown email is verified against
 * it so that it costs as long as a wrong password.
 */
export const DUMMY_HASH =
  "$argon2id$v=19$m=19456,t=2,p=1$lEDc+Nj/J+Ak6zFglysnpw$mAjJpKTdK+x0yCpsBWNP9R6gm/Z7AW4cmOG0AfvnWDM";

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, HASH_OPTIONS);
}

/** True when the password matches; an absent hash (unknown account) is never a match but takes as long. */
export async function verifyPassword(hash: string | undefined, password: string): Promise<boolean> {
  try {
    const matches = await argon2.verify(hash ?? DUMMY_HASH, password);
    return hash !== undefined && matches;
  } catch {
    return false;
  }
}

export function needsRehash(hash: string): boolean {
  return argon2.needsRehash(hash, HASH_OPTIONS);
}

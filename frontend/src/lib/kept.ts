/**
 * What this browser keeps between visits (localStorage), for choices and drafts that are only ever a
 * convenience: storage can be missing (the server's render), blocked (private modes) or full, and then
 * nothing is kept and nothing fails. `onFailure` hears why, for callers that log it.
 */

/** The value kept under the key, or null when there is none or storage cannot be read. */
export function readKept(key: string, onFailure?: (error: unknown) => void): string | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage.getItem(key);
  } catch (error) {
    onFailure?.(error);
    return null;
  }
}

/** Keeps the value under the key, or forgets the key for null; false when storage refused. */
export function keep(key: string, value: string | null, onFailure?: (error: unknown) => void): boolean {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
    return true;
  } catch (error) {
    onFailure?.(error);
    return false;
  }
}

/**
 * Where an image, logo or favicon may point: a path on this site (`/api/images/…`) or an http(s)
 * address. Anything else (javascript:, data:, protocol-relative //host) is refused.
 */
export function isSafeUrl(value: string): boolean {
  if (/\s/.test(value)) return false;
  if (value.startsWith("/")) return !value.startsWith("//") && !value.startsWith("/\\");
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/**
 * A price as the owner types it, in either language's way ("12.5" or "12,5"), as the contract writes
 * it ("12.5"), or null when it is not one: at most 8 digits and 2 decimals, no thousands separators.
 * A number field read "12,5" as 125 in a browser whose language groups thousands with commas.
 */
export function priceText(typed: string): string | null {
  const text = typed.trim();
  return /^\d{1,8}([.,]\d{1,2})?$/.test(text) ? text.replace(",", ".") : null;
}

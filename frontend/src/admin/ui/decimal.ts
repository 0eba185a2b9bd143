/**
 * A price as the owner types it, in either language's way ("12.5" or "12,5"), as the contract writes
 * it ("12.5"), or null when it is not one: at most 8 digits and 2 decimals. With both marks the last is
 * the decimal one and the other groups thousands ("1.234,50", "1,234.50"); a single mark is always the
 * decimal one, so "12,555" (twelve thousand or twelve and a half?) is refused for its third decimal.
 * A number field read "12,5" as 125 in a browser whose language groups thousands with commas.
 */
export function priceText(typed: string): string | null {
  const text = typed.trim();
  const grouped = /^(\d{1,3}(?:([.,])\d{3})*)(?!\2)[.,](\d{1,2})$/.exec(text);
  if (grouped && grouped[2]) {
    const whole = grouped[1]!.replaceAll(grouped[2], "");
    return whole.length <= 8 ? `${whole}.${grouped[3]}` : null;
  }
  return /^\d{1,8}([.,]\d{1,2})?$/.test(text) ? text.replace(",", ".") : null;
}

/**
 * An exchange rate as the owner types it ("0.92" or "0,92", up to 8 decimals), as a number, or null
 * when it is not one or not above zero.
 */
export function rateNumber(typed: string): number | null {
  const text = typed.trim();
  if (!/^\d{1,7}([.,]\d{1,8})?$/.test(text)) return null;
  const rate = Number(text.replace(",", "."));
  return rate > 0 && rate <= 1_000_000 ? rate : null;
}

// Building an Intl formatter costs far more than using one: one per language, made on first use.
const formats = new Map<string, Intl.DateTimeFormat>();

/** A moment as every admin screen writes it: the day and the time, in the dashboard's language ("27 nov 2026, 9:49"). */
export function whenText(value: string | number | Date, lang: string): string {
  let format = formats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" });
    formats.set(lang, format);
  }
  return format.format(new Date(value));
}

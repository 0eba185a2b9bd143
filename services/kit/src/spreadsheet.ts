/**
 * Text a spreadsheet would run as a formula (= + - @, a tab or a carriage return first) gets a leading
 * apostrophe, as the OWASP advice on CSV injection has it; other text is left as it is. For files the
 * owner downloads and may open in a spreadsheet, whose cells come from visitors and subscribers.
 */
export function formulaSafe(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/**
 * One CSV field: quoted when it holds a comma, semicolon, quote or line break, and with an apostrophe
 * wherever a spreadsheet would run it as a formula (see formulaSafe). Spreadsheets set to a language
 * whose list separator is the semicolon (Spanish Excel among them) split a line at each ";" whatever
 * the quotes, so every piece after one is defused as the field's start is. Null is an empty field.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  const defused = value.split(";").map(formulaSafe).join(";");
  return /[",;\r\n]/.test(defused) ? `"${defused.replace(/"/g, '""')}"` : defused;
}

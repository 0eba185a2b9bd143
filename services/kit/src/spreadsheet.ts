/**
 * Text a spreadsheet would run as a formula (= + - @, a tab or a carriage return first) gets a leading
 * apostrophe, as the OWASP advice on CSV injection has it; other text is left as it is. For files the
 * owner downloads and may open in a spreadsheet, whose cells come from visitors and subscribers.
 */
export function formulaSafe(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** What came of handing one message over. */
export type SendOutcome =
  | { kind: "sent" }
  /** A 4xx answer, or the server unreachable or dropping the connection: worth trying again later. */
  | { kind: "temporary"; error: string }
  /** A 5xx refusal of the recipient: the address is bounced, never sent to again. */
  | { kind: "bounced"; error: string }
  /** A 5xx refusal of the message itself: not tried again, the address kept. */
  | { kind: "failed"; error: string };

interface SmtpError {
  message?: string;
  code?: string;
  command?: string;
  responseCode?: number;
}

/** Sorts an SMTP failure by RFC 5321's reply classes: 5xx is final, anything else may pass later. */
export function classifySmtpError(error: unknown): SendOutcome {
  const { message, command, responseCode } = (error ?? {}) as SmtpError;
  const text = `${responseCode ?? ""} ${message ?? String(error)}`.trim();
  if (typeof responseCode === "number" && responseCode >= 500 && responseCode < 600) {
    return command === "RCPT TO" ? { kind: "bounced", error: text } : { kind: "failed", error: text };
  }
  return { kind: "temporary", error: text };
}

/** The first retry after `delayMs`, doubling each time, at most `maxDelayMs`. */
export function backoff(attempt: number, delayMs: number, maxDelayMs: number): number {
  return Math.min(maxDelayMs, delayMs * 2 ** Math.max(0, attempt - 1));
}

import nodemailer, { type Transporter } from "nodemailer";
import type { Logger } from "@rsv/kit";
import { assertHeaderSafe, type OutgoingMessage } from "../domain/email.js";
import type { OutboxRepository } from "../repository/outbox.repository.js";

/** What came of handing one message over. */
export type SendOutcome =
  | { kind: "sent" }
  /** A 4xx answer, or the server unreachable or dropping the connection: worth trying again later. */
  | { kind: "temporary"; error: string }
  /** A 5xx refusal of the recipient: the address is bounced, never sent to again. */
  | { kind: "bounced"; error: string }
  /** A 5xx refusal of the message itself: not tried again, the address kept. */
  | { kind: "failed"; error: string };

export interface Mailer {
  /** Whether messages leave the machine (SMTP) or stay in the outbox table. */
  readonly mode: "smtp" | "outbox";
  send(message: OutgoingMessage): Promise<SendOutcome>;
  close(): Promise<void>;
}

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

/** The headers a message goes out with, From, To and Subject included: what the outbox shows. */
export function headersOf(from: string, message: OutgoingMessage): Record<string, string> {
  return { From: from, To: message.to, Subject: message.subject, ...message.headers };
}

/**
 * nodemailer over one pooled SMTP connection set: `concurrency` connections kept open, each sending
 * message after message. Nothing is sent at start, so the site starts and serves while the server is away.
 */
export class SmtpMailer implements Mailer {
  readonly mode = "smtp" as const;
  private readonly transport: Transporter;

  constructor(
    url: string,
    private readonly from: string,
    concurrency: number,
    private readonly logger: Logger,
  ) {
    assertHeaderSafe("MAIL_FROM", from);
    this.transport = nodemailer.createTransport({
      url,
      pool: true,
      maxConnections: concurrency,
      maxMessages: Infinity,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    } as Parameters<typeof nodemailer.createTransport>[0]);
    this.transport.on("error", (error) => this.logger.warn({ err: error }, "smtp pool"));
  }

  async send(message: OutgoingMessage): Promise<SendOutcome> {
    try {
      for (const [name, value] of Object.entries(message.headers)) assertHeaderSafe(name, value);
      await this.transport.sendMail({
        from: this.from,
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
        headers: message.headers,
      });
      return { kind: "sent" };
    } catch (error) {
      return classifySmtpError(error);
    }
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}

/** No SMTP server configured: each message is kept in the outbox table, for the owner to see in the admin. */
export class OutboxMailer implements Mailer {
  readonly mode = "outbox" as const;

  constructor(
    private readonly outbox: OutboxRepository,
    private readonly from: string,
  ) {}

  async send(message: OutgoingMessage): Promise<SendOutcome> {
    try {
      await this.outbox.add(message, headersOf(this.from, message));
      return { kind: "sent" };
    } catch (error) {
      return { kind: "temporary", error: error instanceof Error ? error.message : String(error) };
    }
  }

  async close(): Promise<void> {}
}

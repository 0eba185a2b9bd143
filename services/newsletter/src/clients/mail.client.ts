import nodemailer, { type Transporter } from "nodemailer";
import type { Logger } from "@rsv/kit";
import { assertHeaderSafe, type OutgoingMessage } from "../domain/email.js";
import { classifySmtpError, type SendOutcome } from "../domain/smtp.js";

export type { SendOutcome };
import type { OutboxRepository } from "../repository/outbox.repository.js";

export interface Mailer {
  /** Whether messages leave the machine (SMTP) or stay in the outbox table. */
  readonly mode: "smtp" | "outbox";
  send(message: OutgoingMessage): Promise<SendOutcome>;
  close(): Promise<void>;
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

  /** `from`: the From of the next message (the site's name may change between two). */
  constructor(
    url: string,
    private readonly from: () => Promise<string>,
    concurrency: number,
    private readonly logger: Logger,
  ) {
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
        from: assertHeaderSafe("From", await this.from()),
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
    private readonly from: () => Promise<string>,
  ) {}

  async send(message: OutgoingMessage): Promise<SendOutcome> {
    try {
      await this.outbox.add(message, headersOf(assertHeaderSafe("From", await this.from()), message));
      return { kind: "sent" };
    } catch (error) {
      return { kind: "temporary", error: error instanceof Error ? error.message : String(error) };
    }
  }

  async close(): Promise<void> {}
}

import { z } from "zod";
import { flag } from "@rsv/kit";

const noLineBreaks = (value: string) => !/[\r\n]/.test(value);

/** The newsletter service's own settings, on top of the kit's shared ones; read with `loadConfig`. */
export const newsletterSettingsSchema = z.object({
  /**
   * Where mail goes: smtp://user:pass@host:587 (STARTTLS when the server offers it) or smtps://…:465.
   * Unset (make start's default): nothing leaves the machine; every message is kept in the outbox
   * table and shown in the admin.
   */
  SMTP_URL: z
    .string()
    .url()
    .refine((value) => /^smtps?:\/\//.test(value), "must start with smtp:// or smtps://")
    .optional(),
  /**
   * The From of every message: an address (`news@example.com`), which goes out named after the site
   * as its settings call it, or a name and an address (`Vinetree <news@example.com>`) to name it so.
   */
  MAIL_FROM: z.string().min(3).refine(noLineBreaks, "must not contain a line break").default("newsletter@localhost"),
  /** The site's public address: the links in emails (confirm, unsubscribe, the site's pages) start with it. */
  PUBLIC_ORIGIN: z.string().url().default("http://localhost:8080"),
  /** Sign-ups confirmed at once, without the confirmation email. Off: double opt-in. */
  NEWSLETTER_SINGLE_OPT_IN: flag(false),
  /** Campaign messages sent per minute across every replica; 0 lifts the limit. */
  NEWSLETTER_MESSAGES_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(600),
  /** Messages in flight at once (and SMTP connections kept open) per replica. */
  NEWSLETTER_SEND_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(5),
  /** Tries of one message against temporary failures (4xx answers, the server away) before it counts as failed. */
  NEWSLETTER_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  /** The first retry's wait (ms), doubling each time up to NEWSLETTER_RETRY_MAX_DELAY_MS. */
  NEWSLETTER_RETRY_DELAY_MS: z.coerce.number().int().min(10).max(3_600_000).default(30_000),
  NEWSLETTER_RETRY_MAX_DELAY_MS: z.coerce.number().int().min(10).max(86_400_000).default(1_800_000),
  /** How often due scheduled campaigns are looked for (ms). */
  NEWSLETTER_SCHEDULE_POLL_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
});

export type NewsletterSettings = z.infer<typeof newsletterSettingsSchema>;

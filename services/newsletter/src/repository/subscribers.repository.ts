import { fromColumns, type Knex } from "@rsv/kit";
import {
  CONFIRMATION_RESEND_MS,
  CONFIRMATION_TTL_MS,
  hashToken,
  newConfirmationToken,
  newUnsubscribeToken,
  type Language,
  type SubscriberStatus,
} from "../domain/subscriber.js";

const SUBSCRIBERS = "newsletter.subscribers";

export interface Subscriber {
  id: number;
  email: string;
  status: SubscriberStatus;
  language: Language;
  sourcePath: string | null;
  subscribedAt: string;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
  bouncedAt: string | null;
}

interface SubscriberRow {
  id: number;
  email: string;
  status: SubscriberStatus;
  language: Language;
  source_path: string | null;
  subscribed_at: Date | string;
  confirmed_at: Date | string | null;
  unsubscribed_at: Date | string | null;
  bounced_at: Date | string | null;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

const toSubscriber = (row: SubscriberRow): Subscriber => ({
  ...fromColumns(row),
  subscribedAt: new Date(row.subscribed_at).toISOString(),
  confirmedAt: iso(row.confirmed_at),
  unsubscribedAt: iso(row.unsubscribed_at),
  bouncedAt: iso(row.bounced_at),
});

const LISTED = [
  "id",
  "email",
  "status",
  "language",
  "source_path",
  "subscribed_at",
  "confirmed_at",
  "unsubscribed_at",
  "bounced_at",
] as const;

export interface SignUp {
  email: string;
  language: Language;
  sourcePath: string | null;
  /** Confirmed at once, without a confirmation email. */
  singleOptIn: boolean;
}

/** Who to send a confirmation to, with the link's secret (only ever held in memory). */
export interface ConfirmationDue {
  subscriberId: number;
  email: string;
  language: Language;
  token: string;
  unsubscribeToken: string;
}

/** What a message to a subscriber needs. */
export interface Recipient {
  id: number;
  email: string;
  language: Language;
  status: SubscriberStatus;
  unsubscribeToken: string;
}

const rowsOf = <T>(result: { rows: T[] }) => result.rows;

export class SubscribersRepository {
  constructor(private readonly db: Knex) {}

  /**
   * A sign-up, in single statements so concurrent sign-ups of one address end as one row and one
   * email. A new address is stored pending (or confirmed, single opt-in) with a confirmation due. A
   * pending address gets a new link only when its last one went out over CONFIRMATION_RESEND_MS ago.
   * Any other known address is left as it is (an unsubscribed address is not re-activated here).
   */
  async subscribe(input: SignUp): Promise<ConfirmationDue | undefined> {
    const { token, hash } = newConfirmationToken();
    const status = input.singleOptIn ? "confirmed" : "pending";
    const inserted = rowsOf<{ id: number; unsubscribe_token: string }>(
      await this.db.raw(
        `insert into ${SUBSCRIBERS}
           (email, unsubscribe_token, status, language, source_path, confirmed_at,
            confirm_token_hash, confirm_expires_at, confirmation_sent_at)
         values (?, ?, ?, ?, ?, case when ?::boolean then now() end, ?, now() + make_interval(secs => ?),
                 case when ?::boolean then null else now() end)
         on conflict (email) do nothing
         returning id, unsubscribe_token`,
        [
          input.email,
          newUnsubscribeToken(),
          status,
          input.language,
          input.sourcePath,
          input.singleOptIn,
          input.singleOptIn ? null : hash,
          CONFIRMATION_TTL_MS / 1000,
          input.singleOptIn,
        ],
      ),
    )[0];
    if (inserted) {
      if (input.singleOptIn) return undefined;
      return {
        subscriberId: inserted.id,
        email: input.email,
        language: input.language,
        token,
        unsubscribeToken: inserted.unsubscribe_token,
      };
    }
    const resent = rowsOf<{ id: number; unsubscribe_token: string }>(
      await this.db.raw(
        `update ${SUBSCRIBERS}
         set confirm_token_hash = ?, confirm_expires_at = now() + make_interval(secs => ?),
             confirmation_sent_at = now(), language = ?, source_path = coalesce(?, source_path)
         where email = ? and status = 'pending'
           and (confirmation_sent_at is null or confirmation_sent_at <= now() - make_interval(secs => ?))
         returning id, unsubscribe_token`,
        [
          hash,
          CONFIRMATION_TTL_MS / 1000,
          input.language,
          input.sourcePath,
          input.email,
          CONFIRMATION_RESEND_MS / 1000,
        ],
      ),
    )[0];
    return resent
      ? {
          subscriberId: resent.id,
          email: input.email,
          language: input.language,
          token,
          unsubscribeToken: resent.unsubscribe_token,
        }
      : undefined;
  }

  /**
   * Whether a confirmation link can still confirm (its subscriber pending, the link within its 48
   * hours), changing nothing; and the language of the subscriber it belongs to, when known.
   */
  async confirmation(token: string): Promise<{ usable: boolean; language?: Language }> {
    const row = (await this.db(SUBSCRIBERS)
      .select("language", this.db.raw("status = 'pending' and confirm_expires_at > now() as usable"))
      .where({ confirm_token_hash: hashToken(token) })
      .first()) as { language: Language; usable: boolean } | undefined;
    return { usable: row?.usable === true, language: row?.language };
  }

  /**
   * Confirms the pending subscriber whose link this is, once (only a pending subscriber is confirmed).
   * The link's hash is kept, so a used link is still known to be theirs and its page says so in their
   * language. Answers that language, and `confirmed` false for an unknown, used or expired link.
   */
  async confirm(token: string): Promise<{ confirmed: boolean; language?: Language }> {
    const hash = hashToken(token);
    const done = rowsOf<{ language: Language }>(
      await this.db.raw(
        `update ${SUBSCRIBERS}
         set status = 'confirmed', confirmed_at = now(), confirm_expires_at = null
         where confirm_token_hash = ? and status = 'pending' and confirm_expires_at > now()
         returning language`,
        [hash],
      ),
    )[0];
    if (done) return { confirmed: true, language: done.language };
    const known = (await this.db(SUBSCRIBERS).select("language").where({ confirm_token_hash: hash }).first()) as
      { language: Language } | undefined;
    return { confirmed: false, language: known?.language };
  }

  /**
   * The language of the subscriber an unsubscribe link belongs to, and whether they are still on the
   * list (pending or confirmed); undefined for an unknown link.
   */
  async unsubscribeLink(token: string): Promise<{ language: Language; subscribed: boolean } | undefined> {
    const row = (await this.db(SUBSCRIBERS)
      .select("language", "status")
      .where({ unsubscribe_token: token })
      .first()) as { language: Language; status: string } | undefined;
    return row && { language: row.language, subscribed: row.status === "pending" || row.status === "confirmed" };
  }

  /**
   * Unsubscribes the subscriber the token belongs to (a bounced address stays bounced); answers
   * their language, undefined for an unknown token. Unsubscribing twice is no error.
   */
  async unsubscribe(token: string): Promise<Language | undefined> {
    const rows = rowsOf<{ language: Language }>(
      await this.db.raw(
        `update ${SUBSCRIBERS}
         set status = case when status = 'bounced' then status else 'unsubscribed' end,
             unsubscribed_at = coalesce(unsubscribed_at, now()), confirm_token_hash = null
         where unsubscribe_token = ?
         returning language`,
        [token],
      ),
    );
    return rows[0]?.language;
  }

  /** Newest first; only those of a status when one is given. */
  async list(status?: SubscriberStatus): Promise<Subscriber[]> {
    const query = this.db<SubscriberRow>(SUBSCRIBERS)
      .select(...LISTED)
      .orderBy([
        { column: "subscribed_at", order: "desc" },
        { column: "id", order: "desc" },
      ]);
    if (status) void query.where({ status });
    return (await query).map(toSubscriber);
  }

  /** The subscribers of a status (confirmed by default), oldest subscription first: what the export holds. */
  async ofStatus(status: SubscriberStatus = "confirmed"): Promise<Subscriber[]> {
    const rows = await this.db<SubscriberRow>(SUBSCRIBERS)
      .select(...LISTED)
      .where({ status })
      .orderBy([{ column: "subscribed_at" }, { column: "id" }]);
    return rows.map(toSubscriber);
  }

  async findById(id: number): Promise<Subscriber | undefined> {
    const row = await this.db<SubscriberRow>(SUBSCRIBERS)
      .select(...LISTED)
      .where({ id })
      .first();
    return row && toSubscriber(row);
  }

  /** Confirmed subscribers' addresses, oldest first. */
  async activeEmails(): Promise<string[]> {
    return (await this.ofStatus("confirmed")).map((subscriber) => subscriber.email);
  }

  /**
   * Erases the subscriber: their row, their deliveries and every message to them kept in the outbox
   * (by id, and by address for test sends to it), in one transaction.
   */
  async delete(id: number): Promise<boolean> {
    return this.db.transaction(async (trx) => {
      const row = await trx<SubscriberRow>(SUBSCRIBERS).select("email").where({ id }).first();
      if (!row) return false;
      await trx("newsletter.outbox").where({ subscriber_id: id }).orWhere({ to_address: row.email }).delete();
      // Their deliveries stay for the campaigns' counts, naming nobody (the delete unsets the id): one
      // still waiting will not be sent, one in flight is finished by its sender or counts as unknown,
      // and no error text (which may quote the address) is kept.
      await trx("newsletter.deliveries")
        .where({ subscriber_id: id })
        .update({
          status: trx.raw(`case status when 'queued' then 'cancelled' when 'sending' then 'unknown' else status end`),
          last_error: null,
        });
      // returning(): knex-pglite answers a bare delete with a result object, not a count.
      return (await trx(SUBSCRIBERS).where({ id }).delete().returning("id")).length > 0;
    });
  }

  async recipients(ids: number[]): Promise<Recipient[]> {
    if (ids.length === 0) return [];
    const rows = await this.db(SUBSCRIBERS)
      .select("id", "email", "language", "status", "unsubscribe_token")
      .whereIn("id", ids);
    return rows.map(
      (row: {
        id: number;
        email: string;
        language: Language;
        status: SubscriberStatus;
        unsubscribe_token: string;
      }) => ({
        id: row.id,
        email: row.email,
        language: row.language,
        status: row.status,
        unsubscribeToken: row.unsubscribe_token,
      }),
    );
  }

  /** A permanent refusal of the address: never sent to again. */
  async markBounced(id: number): Promise<void> {
    await this.db(SUBSCRIBERS).where({ id }).update({ status: "bounced", bounced_at: this.db.fn.now() });
  }
}

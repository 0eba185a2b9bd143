import { fromColumns, type Knex } from "@rsv/kit";
import { newUnsubscribeToken } from "../domain/subscriber.js";

const SUBSCRIBERS = "newsletter.subscribers";

export interface Subscriber {
  id: number;
  email: string;
  subscribedAt: string;
  isActive: boolean;
}

interface SubscriberRow {
  id: number;
  email: string;
  subscribed_at: Date | string;
  is_active: boolean;
}

const toSubscriber = (row: SubscriberRow): Subscriber => ({
  ...fromColumns(row),
  subscribedAt: new Date(row.subscribed_at).toISOString(),
});

export class SubscribersRepository {
  constructor(private readonly db: Knex) {}

  /**
   * One statement, so concurrent sign-ups of one address end as one row. A known address is left as it
   * is: an address that unsubscribed stays unsubscribed (re-activating it would take a confirmation by email, which the site does not send).
   */
  async subscribe(email: string): Promise<void> {
    await this.db.raw(
      `insert into ${SUBSCRIBERS} (email, unsubscribe_token) values (?, ?) on conflict (email) do nothing`,
      [email, newUnsubscribeToken()],
    );
  }

  /** Newest first. */
  async list(): Promise<Subscriber[]> {
    const rows = await this.db<SubscriberRow>(SUBSCRIBERS)
      .select("id", "email", "subscribed_at", "is_active")
      .orderBy([
        { column: "subscribed_at", order: "desc" },
        { column: "id", order: "desc" },
      ]);
    return rows.map(toSubscriber);
  }

  /** Active subscribers' addresses, oldest subscription first. */
  async activeEmails(): Promise<string[]> {
    const rows = await this.db<SubscriberRow>(SUBSCRIBERS)
      .select("email")
      .where({ is_active: true })
      .orderBy([{ column: "subscribed_at" }, { column: "id" }]);
    return rows.map((row) => row.email);
  }

  async findById(id: number): Promise<Subscriber | undefined> {
    const row = await this.db<SubscriberRow>(SUBSCRIBERS)
      .select("id", "email", "subscribed_at", "is_active")
      .where({ id })
      .first();
    return row && toSubscriber(row);
  }

  async delete(id: number): Promise<boolean> {
    // returning(): knex-pglite answers a bare delete with a result object, not a count.
    return (await this.db(SUBSCRIBERS).where({ id }).delete().returning("id")).length > 0;
  }

  /** Deactivates the subscriber the token belongs to; false for an unknown token. */
  async unsubscribe(token: string): Promise<boolean> {
    const rows = await this.db(SUBSCRIBERS)
      .where({ unsubscribe_token: token })
      .update({ is_active: false, unsubscribed_at: this.db.raw("coalesce(unsubscribed_at, now())") })
      .returning("id");
    return rows.length > 0;
  }
}

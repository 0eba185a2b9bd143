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
   * One statement, so concurrent sign-ups of one address end as one row: a new address is inserted, an
   * existing one is (re)activated; a re-subscription after unsubscribing counts from now.
   */
  async subscribe(email: string): Promise<{ created: boolean }> {
    const result = await this.db.raw<{ rows: Array<{ created: boolean }> }>(
      `insert into ${SUBSCRIBERS} as s (email, unsubscribe_token) values (?, ?)
       on conflict (email) do update set
         is_active = true,
         unsubscribed_at = null,
         subscribed_at = case when s.is_active then s.subscribed_at else now() end
       returning (xmax = 0) as created`,
      [email, newUnsubscribeToken()],
    );
    return { created: result.rows[0]?.created === true };
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

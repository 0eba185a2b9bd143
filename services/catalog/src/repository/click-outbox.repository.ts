import { randomUUID } from "node:crypto";
import type { Knex } from "@rsv/kit";
import type { AffiliateClick, ClickOrigin } from "../clients/analytics.client.js";

/** What the outbox keeps of one click until analytics has it. */
export interface PendingClick {
  id: string;
  click: AffiliateClick;
  origin: ClickOrigin;
  occurredAt: Date;
  attempts: number;
}

interface Row {
  id: string;
  click: { click: AffiliateClick; origin: ClickOrigin } | string;
  occurred_at: Date | string;
  attempts: number;
}

const toPending = (row: Row): PendingClick => {
  const stored = typeof row.click === "string" ? (JSON.parse(row.click) as Exclude<Row["click"], string>) : row.click;
  return { id: row.id, ...stored, occurredAt: new Date(row.occurred_at), attempts: row.attempts };
};

/**
 * Clicks recorded in the catalog's own schema before the visitor is redirected, handed to analytics
 * in the background (see ClickRelay). The row's id becomes the event's id, so a click handed over
 * twice is still stored once.
 */
export class ClickOutbox {
  constructor(private readonly db: Knex) {}

  async add(click: AffiliateClick, origin: ClickOrigin): Promise<string> {
    const id = randomUUID();
    await this.db("catalog.click_outbox").insert({ id, click: JSON.stringify({ click, origin }) });
    return id;
  }

  /**
   * Takes up to `limit` clicks due for handing over, oldest first, and holds them for `holdMs` so
   * another relay (another replica) leaves them alone meanwhile; a relay that dies holding them only
   * delays them by that long.
   */
  async claim(limit: number, holdMs: number): Promise<PendingClick[]> {
    const result = await this.db.raw(
      `update catalog.click_outbox set attempt_at = now() + make_interval(secs => ?), attempts = attempts + 1
       where id in (
         select id from catalog.click_outbox where attempt_at <= now()
         order by occurred_at limit ? for update skip locked
       )
       returning id, click, occurred_at, attempts`,
      [holdMs / 1000, limit],
    );
    return (result.rows as Row[]).map(toPending).sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
  }

  async remove(ids: string[]): Promise<void> {
    if (ids.length > 0) await this.db("catalog.click_outbox").whereIn("id", ids).delete();
  }

  /** Puts clicks analytics did not take back in line, due again after `delayMs`. */
  async retryLater(ids: string[], delayMs: number): Promise<void> {
    if (ids.length === 0) return;
    await this.db("catalog.click_outbox")
      .whereIn("id", ids)
      .update({ attempt_at: this.db.raw("now() + make_interval(secs => ?)", [delayMs / 1000]) });
  }

  async pending(): Promise<number> {
    const row = (await this.db("catalog.click_outbox").count({ n: "*" }).first()) as { n: number | string } | undefined;
    return Number(row?.n ?? 0);
  }
}

import type { Knex } from "@rsv/kit";
import type { CampaignCopy } from "../domain/email.js";

export type CampaignStatus = "draft" | "scheduled" | "sending" | "paused" | "sent" | "cancelled";
export type DeliveryStatus = "queued" | "sending" | "sent" | "failed" | "bounced" | "unknown" | "cancelled";

export interface CampaignCounts {
  total: number;
  queued: number;
  sent: number;
  failed: number;
  bounced: number;
}

export interface Campaign extends CampaignCopy {
  id: number;
  status: CampaignStatus;
  sendAt: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  createdAt: string;
  updatedAt: string;
  counts: CampaignCounts;
}

export interface CampaignRow {
  id: number;
  subject_en: string;
  subject_es: string;
  body_en: string;
  body_es: string;
  status: CampaignStatus;
  send_at: Date | string | null;
  started_at: Date | string | null;
  finished_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const CAMPAIGNS = "newsletter.campaigns";
const DELIVERIES = "newsletter.deliveries";
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const rowsOf = <T>(result: { rows: T[] }) => result.rows;

const emptyCounts = (): CampaignCounts => ({ total: 0, queued: 0, sent: 0, failed: 0, bounced: 0 });

function toCampaign(row: CampaignRow, counts: CampaignCounts = emptyCounts()): Campaign {
  return {
    id: row.id,
    subject: { en: row.subject_en, es: row.subject_es },
    body: { en: row.body_en, es: row.body_es },
    status: row.status,
    sendAt: iso(row.send_at),
    startedAt: iso(row.started_at),
    finishedAt: iso(row.finished_at),
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    counts,
  };
}

const copyColumns = (input: CampaignCopy) => ({
  subject_en: input.subject.en,
  subject_es: input.subject.es,
  body_en: input.body.en,
  body_es: input.body.es,
});

export const claimKey = (campaignId: number, subscriberId: number) => `${campaignId}:${subscriberId}`;

/** A claimed delivery: this attempt may send the message, to this subscriber. */
export interface Claim {
  id: number;
  attempts: number;
  recipient: { email: string; language: "en" | "es"; confirmed: boolean; unsubscribeToken: string };
}

/**
 * Campaigns and their deliveries. A delivery row per (campaign, subscriber), unique, is what makes
 * each subscriber get a campaign once: a message is sent only by whoever moved its row from
 * `queued` to `sending` (claim), and the row records what came of it.
 */
export class CampaignsRepository {
  constructor(private readonly db: Knex) {}

  async create(input: CampaignCopy): Promise<Campaign> {
    const [row] = await this.db<CampaignRow>(CAMPAIGNS).insert(copyColumns(input)).returning("*");
    return toCampaign(row as CampaignRow);
  }

  /** Only a campaign not started yet (draft or scheduled) can change; undefined when none such. */
  async update(id: number, input: CampaignCopy): Promise<Campaign | undefined | "locked"> {
    const rows = await this.db<CampaignRow>(CAMPAIGNS)
      .where({ id })
      .whereIn("status", ["draft", "scheduled"])
      .update({ ...copyColumns(input), updated_at: this.db.fn.now() })
      .returning("*");
    if (rows[0]) return toCampaign(rows[0] as CampaignRow);
    return (await this.exists(id)) ? "locked" : undefined;
  }

  async exists(id: number): Promise<boolean> {
    return (await this.db(CAMPAIGNS).where({ id }).first("id")) !== undefined;
  }

  async get(id: number): Promise<Campaign | undefined> {
    const row = await this.db<CampaignRow>(CAMPAIGNS).where({ id }).first();
    if (!row) return undefined;
    return toCampaign(row, (await this.counts([id])).get(id));
  }

  /** A campaign's two versions, without counts (what each message of it needs). */
  async content(id: number): Promise<(CampaignCopy & { id: number }) | undefined> {
    const row = await this.db<CampaignRow>(CAMPAIGNS).where({ id }).first();
    return row
      ? { id: row.id, subject: { en: row.subject_en, es: row.subject_es }, body: { en: row.body_en, es: row.body_es } }
      : undefined;
  }

  /** Newest first, with counts. */
  async list(): Promise<Campaign[]> {
    const rows = await this.db<CampaignRow>(CAMPAIGNS).orderBy([
      { column: "created_at", order: "desc" },
      { column: "id", order: "desc" },
    ]);
    const counts = await this.counts(rows.map((row) => row.id));
    return rows.map((row) => toCampaign(row, counts.get(row.id)));
  }

  private async counts(ids: number[]): Promise<Map<number, CampaignCounts>> {
    const result = new Map<number, CampaignCounts>();
    if (ids.length === 0) return result;
    const rows = await this.db(DELIVERIES)
      .select("campaign_id", "status")
      .count({ n: "*" })
      .whereIn("campaign_id", ids)
      .groupBy("campaign_id", "status");
    for (const row of rows as Array<{ campaign_id: number; status: DeliveryStatus; n: number | string }>) {
      const counts = result.get(row.campaign_id) ?? emptyCounts();
      const n = Number(row.n);
      counts.total += n;
      if (row.status === "queued" || row.status === "sending") counts.queued += n;
      else if (row.status === "sent") counts.sent += n;
      else if (row.status === "bounced") counts.bounced += n;
      else if (row.status === "failed" || row.status === "unknown") counts.failed += n;
      result.set(row.campaign_id, counts);
    }
    return result;
  }

  /** Schedules a draft (or moves a scheduled campaign) to send at `sendAt`, now when null. */
  async schedule(id: number, sendAt: Date | null): Promise<Campaign | undefined | "locked"> {
    const rows = await this.db<CampaignRow>(CAMPAIGNS)
      .where({ id })
      .whereIn("status", ["draft", "scheduled"])
      .update({ status: "scheduled", send_at: sendAt ?? this.db.fn.now(), updated_at: this.db.fn.now() })
      .returning("*");
    if (rows[0]) return this.get(id);
    return (await this.exists(id)) ? "locked" : undefined;
  }

  /** Moves a campaign between states when it is in one of `from`; the campaign as it is, or undefined / "locked". */
  async transition(
    id: number,
    from: CampaignStatus[],
    to: CampaignStatus | ((row: CampaignRow) => CampaignStatus),
  ): Promise<Campaign | undefined | "locked"> {
    const changed = await this.db.transaction(async (trx) => {
      const row = await trx<CampaignRow>(CAMPAIGNS).where({ id }).forUpdate().first();
      if (!row) return undefined;
      if (!from.includes(row.status)) return "locked" as const;
      const status = typeof to === "function" ? to(row) : to;
      await trx(CAMPAIGNS)
        .where({ id })
        .update({
          status,
          updated_at: trx.fn.now(),
          ...(status === "cancelled" ? { finished_at: trx.fn.now() } : {}),
        });
      if (status === "cancelled")
        await trx(DELIVERIES).where({ campaign_id: id, status: "queued" }).update({ status: "cancelled" });
      return "changed" as const;
    });
    return changed === "changed" ? this.get(id) : changed;
  }

  /**
   * Starts every scheduled campaign whose time has come: in one transaction each, its status becomes
   * `sending` and a queued delivery is recorded for every confirmed subscriber, so a crash leaves
   * either both or neither. Skips campaigns another replica is starting. Answers the started ids.
   */
  async startDue(): Promise<number[]> {
    const started: number[] = [];
    for (;;) {
      const id = await this.db.transaction(async (trx) => {
        const row = rowsOf<{ id: number }>(
          await trx.raw(
            `select id from ${CAMPAIGNS} where status = 'scheduled' and send_at <= now()
             order by send_at, id limit 1 for update skip locked`,
          ),
        )[0];
        if (!row) return undefined;
        await trx(CAMPAIGNS)
          .where({ id: row.id })
          .update({ status: "sending", started_at: trx.fn.now(), updated_at: trx.fn.now() });
        await trx.raw(
          `insert into ${DELIVERIES} (campaign_id, subscriber_id)
           select ?, id from newsletter.subscribers where status = 'confirmed'
           on conflict (campaign_id, subscriber_id) do nothing`,
          [row.id],
        );
        return row.id;
      });
      if (id === undefined) return started;
      started.push(id);
    }
  }

  /** Campaigns being sent. */
  async sending(): Promise<number[]> {
    return (await this.db(CAMPAIGNS).select("id").where({ status: "sending" })).map((row: { id: number }) => row.id);
  }

  /** The subscribers still waiting for a campaign. */
  async queuedSubscribers(campaignId: number): Promise<number[]> {
    const rows = await this.db(DELIVERIES)
      .select("subscriber_id")
      .where({ campaign_id: campaignId, status: "queued" })
      .orderBy("id");
    return rows.map((row: { subscriber_id: number }) => row.subscriber_id);
  }

  /**
   * Takes the right to send messages: each row moves from `queued` to `sending`, only while its
   * campaign is being sent, and comes back with its subscriber (one statement for many jobs). Whoever
   * gets a row sends; anyone else (a job run twice) gets nothing for it.
   */
  async claim(jobs: Array<{ campaignId: number; subscriberId: number }>): Promise<Map<string, Claim>> {
    const claimed = new Map<string, Claim>();
    if (jobs.length === 0) return claimed;
    const rows = rowsOf<{
      id: number | string;
      campaign_id: number;
      subscriber_id: number;
      attempts: number;
      email: string;
      language: "en" | "es";
      status: string;
      unsubscribe_token: string;
    }>(
      await this.db.raw(
        `update ${DELIVERIES} d set status = 'sending', attempts = d.attempts + 1, claimed_at = now()
         from ${CAMPAIGNS} c, newsletter.subscribers s
         where (d.campaign_id, d.subscriber_id) in (${jobs.map(() => "(?::int, ?::int)").join(", ")})
           and d.status = 'queued' and c.id = d.campaign_id and c.status = 'sending' and s.id = d.subscriber_id
         returning d.id, d.campaign_id, d.subscriber_id, d.attempts, s.email, s.language, s.status, s.unsubscribe_token`,
        jobs.flatMap((job) => [job.campaignId, job.subscriberId]),
      ),
    );
    for (const row of rows)
      claimed.set(claimKey(row.campaign_id, row.subscriber_id), {
        id: Number(row.id),
        attempts: row.attempts,
        recipient: {
          email: row.email,
          language: row.language,
          confirmed: row.status === "confirmed",
          unsubscribeToken: row.unsubscribe_token,
        },
      });
    return claimed;
  }

  /**
   * A row found `sending` by a job run again: the attempt that claimed it stopped between claiming and
   * recording (a crash), so whether the server took the message is unknown. It is never sent again
   * (see docs/reliability.md) and counts as failed.
   */
  async markInterrupted(campaignId: number, subscriberId: number): Promise<boolean> {
    const rows = await this.db(DELIVERIES)
      .where({ campaign_id: campaignId, subscriber_id: subscriberId, status: "sending" })
      .update({ status: "unknown", last_error: "interrupted between sending and recording" })
      .returning("id");
    return rows.length > 0;
  }

  /** Rows left `sending` longer than `olderThanMs` (their process is gone): outcome unknown. */
  async sweepInterrupted(olderThanMs: number): Promise<number> {
    const rows = await this.db.raw(
      `update ${DELIVERIES} set status = 'unknown', last_error = 'interrupted between sending and recording'
       where status = 'sending' and claimed_at <= now() - make_interval(secs => ?) returning id`,
      [olderThanMs / 1000],
    );
    return rowsOf(rows).length;
  }

  /** Writes what came of many messages at once (a row another attempt already settled is left alone). */
  async finish(
    outcomes: Array<{ id: number; status: Exclude<DeliveryStatus, "sending">; error?: string }>,
  ): Promise<void> {
    if (outcomes.length === 0) return;
    // A row whose subscriber was erased while their message was out (subscriber_id unset) keeps no
    // error text (it may quote the address), and is not queued again: there is nobody to send to.
    await this.db.raw(
      `update ${DELIVERIES} d
         set status = case when d.subscriber_id is null and v.status = 'queued' then 'cancelled' else v.status end,
         last_error = case when d.subscriber_id is null then null else v.error end,
         sent_at = case when v.status = 'sent' then now() else d.sent_at end
       from (values ${outcomes.map(() => "(?::bigint, ?::text, ?::text)").join(", ")}) as v(id, status, error)
       where d.id = v.id and d.status in ('sending', 'unknown')`,
      outcomes.flatMap((o) => [o.id, o.status, o.error?.slice(0, 500) ?? null]),
    );
  }

  /** Marks a sending campaign sent once no delivery waits; true when this call did. */
  async completeIfDone(campaignId: number): Promise<boolean> {
    const rows = await this.db.raw(
      `update ${CAMPAIGNS} set status = 'sent', finished_at = now(), updated_at = now()
       where id = ? and status = 'sending'
         and not exists (select 1 from ${DELIVERIES} where campaign_id = ? and status in ('queued', 'sending'))
       returning id`,
      [campaignId, campaignId],
    );
    return rowsOf(rows).length > 0;
  }
}

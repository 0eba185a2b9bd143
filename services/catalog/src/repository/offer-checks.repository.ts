import type { LinkCheckSettings, OfferCheck, OfferCheckRun, OfferStatus } from "@rsv/api/client";
import type { Knex } from "@rsv/kit";
import { DEFAULT_LINK_CHECK_SETTINGS, isProblem, nextHealth, type CheckResult } from "../domain/link-check.js";

const OFFERS = "catalog.offers";
const CHECKS = "catalog.offer_checks";
const RUNS = "catalog.offer_check_runs";
const SETTINGS = "catalog.link_check_settings";

/** Checks kept per offer; the admin sees the newest RECENT_CHECKS of them. */
export const KEPT_CHECKS = 20;
export const RECENT_CHECKS = 10;

/** An offer as the checker needs it. */
export interface CheckTarget {
  id: number;
  url: string;
  market: string;
}

interface CheckRow {
  offer_id: number;
  checked_at: Date | string;
  outcome: OfferCheck["outcome"];
  http_status: number | null;
  final_url: string | null;
  detail: string | null;
  duration_ms: number;
}

interface RunRow {
  id: number;
  started_at: Date | string;
  finished_at: Date | string | null;
  total: number;
  done: number;
  problems: number;
}

const iso = (value: Date | string) => new Date(value).toISOString();

const toCheck = (row: CheckRow): OfferCheck => ({
  checkedAt: iso(row.checked_at),
  outcome: row.outcome,
  httpStatus: row.http_status,
  finalUrl: row.final_url,
  detail: row.detail,
  durationMs: row.duration_ms,
});

const toRun = (row: RunRow | undefined): OfferCheckRun =>
  row
    ? {
        state: row.finished_at === null ? "running" : "idle",
        total: row.total,
        done: row.done,
        problems: row.problems,
        startedAt: iso(row.started_at),
        finishedAt: row.finished_at === null ? null : iso(row.finished_at),
      }
    : { state: "idle", total: 0, done: 0, problems: 0, startedAt: null, finishedAt: null };

/**
 * The last checks of each offer, newest first, at most RECENT_CHECKS each, in the contract's shape:
 * for the admin's offer list. Offers never checked are absent from the map.
 */
export async function recentChecks(db: Knex, offerIds: readonly number[]): Promise<Map<number, OfferCheck[]>> {
  const byOffer = new Map<number, OfferCheck[]>();
  if (offerIds.length === 0) return byOffer;
  const ranked = db(CHECKS)
    .select("*", db.raw("row_number() over (partition by offer_id order by checked_at desc, id desc) as rank"))
    .whereIn("offer_id", [...new Set(offerIds)]);
  const rows = await db
    .from(ranked.as("ranked"))
    .select<CheckRow[]>("offer_id", "checked_at", "outcome", "http_status", "final_url", "detail", "duration_ms")
    .where("rank", "<=", RECENT_CHECKS)
    .orderBy([{ column: "offer_id" }, { column: "rank", order: "asc" }]);
  for (const row of rows) {
    const list = byOffer.get(row.offer_id) ?? [];
    list.push(toCheck(row));
    byOffer.set(row.offer_id, list);
  }
  return byOffer;
}

/** Link checks: their results on the offers, their history, the runs and the owner's settings. */
export class OfferChecksRepository {
  constructor(private readonly db: Knex) {}

  /** Every offer, or those of `ids` that exist. */
  async targets(ids?: readonly number[]): Promise<CheckTarget[]> {
    const query = this.db(OFFERS).select<CheckTarget[]>("id", "url", "market").orderBy("id");
    if (ids) query.whereIn("id", [...new Set(ids)]);
    return ids?.length === 0 ? [] : await query;
  }

  async countTargets(ids?: readonly number[]): Promise<number> {
    if (ids?.length === 0) return 0;
    const query = this.db(OFFERS).count<{ n: number | string }[]>({ n: "*" });
    if (ids) query.whereIn("id", [...new Set(ids)]);
    const [row] = await query;
    return Number(row?.n ?? 0);
  }

  /**
   * Stores a check on its offer and in its history (the newest KEPT_CHECKS kept) and moves the
   * offer's health on (see nextHealth). Answers the new status, or null when the offer is gone or its
   * address changed while it was being checked: that result says nothing about the new address.
   */
  async recordCheck(target: Pick<CheckTarget, "id" | "url">, check: CheckResult): Promise<OfferStatus | null> {
    return this.db.transaction(async (trx) => {
      const current = await trx(OFFERS)
        .where({ id: target.id, url: target.url })
        .forUpdate()
        .first<{ health_status: OfferStatus; failures: number } | undefined>("health_status", "failures");
      if (!current) return null;
      const next = nextHealth({ status: current.health_status, failures: current.failures }, check.outcome);
      const checkedAt = new Date();
      const fields = { http_status: check.httpStatus, final_url: check.finalUrl, detail: check.detail };
      await trx(OFFERS)
        .where({ id: target.id })
        .update({ health_status: next.status, failures: next.failures, checked_at: checkedAt, ...fields });
      await trx(CHECKS).insert({
        offer_id: target.id,
        checked_at: checkedAt,
        outcome: check.outcome,
        duration_ms: check.durationMs,
        ...fields,
      });
      await trx.raw(
        `delete from ${CHECKS} where offer_id = ? and id not in (
           select id from ${CHECKS} where offer_id = ? order by checked_at desc, id desc limit ?
         )`,
        [target.id, target.id, KEPT_CHECKS],
      );
      return next.status;
    });
  }

  /** A run asked for: running (waiting for its turn) from now. */
  async createRun(total: number): Promise<number> {
    const [row] = await this.db(RUNS).insert({ total }).returning<{ id: number }[]>("id");
    return row!.id;
  }

  /** The run starts (or starts again, after an interruption): counts from zero. */
  async beginRun(id: number, total: number): Promise<void> {
    await this.db(RUNS)
      .where({ id })
      .update({ total, done: 0, problems: 0, started_at: this.db.fn.now(), finished_at: null });
  }

  async countChecked(id: number, problem: OfferStatus | null): Promise<void> {
    await this.db(RUNS)
      .where({ id })
      .update({
        done: this.db.raw("done + 1"),
        problems: this.db.raw("problems + ?", [problem !== null && isProblem(problem) ? 1 : 0]),
      });
  }

  async finishRun(id: number): Promise<void> {
    await this.db(RUNS).where({ id }).whereNull("finished_at").update({ finished_at: this.db.fn.now() });
  }

  async deleteRun(id: number): Promise<void> {
    await this.db(RUNS).where({ id }).delete();
  }

  /** Runs a stopped process left open (embedded mode, which runs them in process): over, as far as they got. */
  async finishAbandonedRuns(): Promise<number> {
    return this.db(RUNS).whereNull("finished_at").update({ finished_at: this.db.fn.now() });
  }

  async run(id: number): Promise<OfferCheckRun> {
    return toRun(await this.db(RUNS).where({ id }).first<RunRow | undefined>());
  }

  /** The run started last (a run waiting for its turn counts from when it was asked for); idle zeros before any. */
  async latestRun(): Promise<OfferCheckRun> {
    return toRun(
      await this.db(RUNS)
        .orderBy([
          { column: "started_at", order: "desc" },
          { column: "id", order: "desc" },
        ])
        .first<RunRow | undefined>(),
    );
  }

  /** When the last run ended, if any did: the next scheduled run comes an interval after it. */
  async lastRunEnd(): Promise<Date | null> {
    const row = await this.db(RUNS).max<{ at: Date | string | null }>({ at: "finished_at" }).first();
    return row?.at ? new Date(row.at) : null;
  }

  /** The owner's settings; the defaults are stored the first time they are asked for. */
  async settings(): Promise<LinkCheckSettings> {
    const read = () =>
      this.db(SETTINGS).where({ id: 1 }).first<{ interval_hours: number; out_of_stock_phrases: unknown } | undefined>();
    let row = await read();
    if (!row) {
      await this.db(SETTINGS).insert(toSettingsRow(DEFAULT_LINK_CHECK_SETTINGS)).onConflict("id").ignore();
      row = await read();
    }
    const phrases =
      typeof row!.out_of_stock_phrases === "string" ? JSON.parse(row!.out_of_stock_phrases) : row!.out_of_stock_phrases;
    return {
      intervalHours: row!.interval_hours,
      outOfStockPhrases: { ...DEFAULT_LINK_CHECK_SETTINGS.outOfStockPhrases, ...(phrases as object) },
    };
  }

  async saveSettings(settings: LinkCheckSettings): Promise<LinkCheckSettings> {
    await this.db(SETTINGS).insert(toSettingsRow(settings)).onConflict("id").merge();
    return this.settings();
  }
}

function toSettingsRow(settings: LinkCheckSettings) {
  return {
    id: 1,
    interval_hours: settings.intervalHours,
    out_of_stock_phrases: JSON.stringify(settings.outOfStockPhrases),
  };
}

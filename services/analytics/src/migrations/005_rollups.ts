import type { Knex, Migration } from "@rsv/kit";
import { createMonthPartitions, monthsBetween } from "../repository/partitions.js";

const INDEXES = [
  `alter table analytics.events add constraint events_pkey primary key (id, "timestamp")`,
  // A uid is unique on its own (see EventsRepository.insert); PostgreSQL asks a partitioned table's
  // unique constraints to hold the partition key.
  `alter table analytics.events add constraint events_uid_time_key unique (uid, "timestamp")`,
  `create index events_uid_idx on analytics.events (uid)`,
  `create index events_type_time_idx on analytics.events (event_type, "timestamp")`,
  `create index events_click_product_idx on analytics.events (product_id, "timestamp" desc) where event_type = 'affiliate_click'`,
  // A product's name in the reports: its latest click, found per product without sorting every click.
  `create index events_click_slug_idx on analytics.events (product_slug, "timestamp" desc) where event_type = 'affiliate_click'`,
  `create index events_visitor_time_idx on analytics.events (visitor_hash, "timestamp")`,
  `create index events_time_idx on analytics.events ("timestamp")`,
];

const UNPARTITIONED_INDEXES = [
  `alter table analytics.events add constraint events_pkey primary key (id)`,
  `alter table analytics.events add constraint events_uid_unique unique (uid)`,
  ...INDEXES.slice(3),
];

/** What a roll-up row counts. */
function figureColumns(t: Knex.CreateTableBuilder): void {
  t.bigInteger("views").notNullable();
  t.bigInteger("visitors").notNullable();
  t.bigInteger("clicks").notNullable();
  t.bigInteger("conversions").notNullable().defaultTo(0);
  t.bigInteger("revenue_cents").notNullable().defaultTo(0);
}

/** A day's or a month's figures of one breakdown value (dimension `total`, key "", for the totals). */
function keyedFigures(t: Knex.CreateTableBuilder, period: "day" | "month"): void {
  t.date(period).notNullable();
  t.string("dimension", 16).notNullable();
  t.string("key", 2000).notNullable();
  figureColumns(t);
  t.primary(["dimension", period, "key"]);
}

/**
 * Scale for the reports. Raw events are partitioned by calendar month (UTC), so the retention purge
 * drops a month's table instead of deleting rows, and a report's range reads only its months; a
 * default partition takes what arrives for a month without its table (see EventPartitions).
 *
 * Roll-ups keep what the reports show once the raw events are gone: per day of the site's time zone,
 * the figures of every breakdown's values (`rollups_daily`, one row per day, dimension and key, the
 * dimension `total` for the day's totals), and per hour of the site's clock the day's totals
 * (`rollups_hourly`, the one-day chart). Visitor keys change every day, so a day's distinct visitors
 * add up over days exactly. `rollup_dirty` lists hours whose events changed since their roll-up was
 * made: rows are only ever inserted by writers (never updated), so a writer never waits on the
 * refresh, and the refresh deletes only the rows it saw (see RollupRepository).
 */
export const analytics005: Migration = {
  name: "005_rollups",
  async up(db) {
    await db.raw(`alter table analytics.events rename to events_unpartitioned`);
    await db.raw(`create table analytics.events (like analytics.events_unpartitioned including defaults including constraints)
      partition by range ("timestamp")`);
    await db.raw(`create table analytics.events_default partition of analytics.events default`);
    const span = (await db("analytics.events_unpartitioned")
      .min({ first: "timestamp" })
      .max({ last: "timestamp" })
      .first()) as { first: Date | string | null; last: Date | string | null } | undefined;
    const now = new Date();
    const first = span?.first ? new Date(span.first) : now;
    const last = span?.last ? new Date(span.last) : now;
    await createMonthPartitions(
      db,
      monthsBetween(first < now ? first : now, new Date(Math.max(last.getTime(), now.getTime()) + 31 * 86_400_000)),
    );
    await db.raw(`insert into analytics.events select * from analytics.events_unpartitioned`);
    await db.raw(`alter sequence analytics.events_id_seq owned by analytics.events.id`);
    await db.raw(`drop table analytics.events_unpartitioned`);
    for (const statement of INDEXES) await db.raw(statement);

    await db.schema.withSchema("analytics").createTable("rollups_daily", (t) => keyedFigures(t, "day"));
    // A finished month's rows: the sum of its days, so a year's report adds twelve rows per key, not 365.
    await db.schema.withSchema("analytics").createTable("rollups_monthly", (t) => keyedFigures(t, "month"));
    await db.schema.withSchema("analytics").createTable("rollups_hourly", (t) => {
      // The hour as the site's clock shows it (the repeated hour of a change to winter time is one row).
      t.timestamp("hour", { useTz: false }).notNullable().primary();
      t.date("day").notNullable().index();
      figureColumns(t);
    });
    await db.schema.withSchema("analytics").createTable("rollup_dirty", (t) => {
      t.bigIncrements("id");
      t.timestamp("hour", { useTz: true }).notNullable();
    });
    // The time zone the roll-ups' days are in: a change of ANALYTICS_TIME_ZONE rebuilds what the raw events still hold.
    await db.schema.withSchema("analytics").createTable("rollup_state", (t) => {
      t.integer("id").primary();
      t.string("time_zone", 64).nullable();
    });
    // No time zone yet: the first refresh marks every stored hour and builds the roll-ups.
    await db("analytics.rollup_state").insert({ id: 1, time_zone: null });
  },
  async down(db) {
    for (const table of ["rollup_state", "rollup_dirty", "rollups_hourly", "rollups_monthly", "rollups_daily"]) {
      await db.schema.withSchema("analytics").dropTableIfExists(table);
    }
    await db.raw(
      `create table analytics.events_partitioned (like analytics.events including defaults including constraints)`,
    );
    await db.raw(`insert into analytics.events_partitioned select * from analytics.events`);
    await db.raw(`alter sequence analytics.events_id_seq owned by analytics.events_partitioned.id`);
    await db.raw(`drop table analytics.events`);
    await db.raw(`alter table analytics.events_partitioned rename to events`);
    for (const statement of UNPARTITIONED_INDEXES) await db.raw(statement);
  },
};

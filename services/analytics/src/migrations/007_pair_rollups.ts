import type { Knex, Migration } from "@rsv/kit";

/** A day's or a month's figures of one breakdown value among the events with one filter value. */
function pairFigures(t: Knex.CreateTableBuilder, period: "day" | "month"): void {
  t.date(period).notNullable();
  t.string("filter", 16).notNullable();
  t.string("filter_key", 2000).notNullable();
  t.string("dimension", 16).notNullable();
  t.string("key", 2000).notNullable();
  t.bigInteger("views").notNullable();
  t.bigInteger("visitors").notNullable();
  t.bigInteger("clicks").notNullable();
  t.bigInteger("conversions").notNullable();
  t.bigInteger("revenue_cents").notNullable();
  t.primary(["filter", "filter_key", "dimension", period, "key"]);
  // The refresh replaces a whole day (or month).
  t.index([period]);
}

/**
 * Roll-ups of pairs, for the dashboard filtered by one value (a click on a row): per day and per
 * finished month, the figures of every breakdown's values among the events having the filter's value
 * (`rollups_pairs_daily`, `rollups_pairs_monthly`), both ways round, for every pair of dimensions but
 * the page (see PAIR_DIMENSIONS). A filtered report's totals and series are the filter value's own
 * rows in rollups_daily.
 */
export const analytics007: Migration = {
  name: "007_pair_rollups",
  async up(db) {
    await db.schema.withSchema("analytics").createTable("rollups_pairs_daily", (t) => pairFigures(t, "day"));
    await db.schema.withSchema("analytics").createTable("rollups_pairs_monthly", (t) => pairFigures(t, "month"));
    // Each refresh replaces whole days: by the day, not through the primary key's dimension first.
    await db.raw(`create index rollups_daily_day_idx on analytics.rollups_daily (day)`);
    // The days already rolled up gain their pairs at the next refresh, as far as raw events remain.
    await db.raw(
      `insert into analytics.rollup_dirty (hour) select distinct date_trunc('hour', "timestamp") from analytics.events`,
    );
  },
  async down(db) {
    await db.raw(`drop index if exists analytics.rollups_daily_day_idx`);
    await db.schema.withSchema("analytics").dropTableIfExists("rollups_pairs_monthly");
    await db.schema.withSchema("analytics").dropTableIfExists("rollups_pairs_daily");
  },
};

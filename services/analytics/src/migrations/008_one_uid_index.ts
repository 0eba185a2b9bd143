import type { Migration } from "@rsv/kit";

/**
 * One index on an event's uid instead of two. The unique key (uid and time on PostgreSQL's
 * partitioned table, uid alone on PGlite's) answers every lookup by uid as the plain uid index did,
 * and each uid index costs every insert a write at a random place (uids are random): the worker's
 * drain writes one fewer.
 */
export const analytics008: Migration = {
  name: "008_one_uid_index",
  async up(db) {
    await db.raw(`drop index if exists analytics.events_uid_idx`);
  },
  async down(db) {
    await db.raw(`create index if not exists events_uid_idx on analytics.events (uid)`);
  },
};

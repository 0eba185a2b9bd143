import type { Migration } from "@rsv/kit";

/** pathOf's limit when this migration was written (fixed here: a migration does not change after). */
const PATH_MAX = 2000;

/**
 * Paths stored longer than an index entry can hold the roll-ups' key for: a page that is no address
 * was kept as it came, up to 2,000 characters of up to four bytes each (pathOf now keeps 2,000 ASCII
 * characters). Each such path is cut to a quarter as many characters, within PATH_MAX bytes; the
 * hours they are in are listed so that their days are counted again.
 */
export const analytics010: Migration = {
  name: "010_path_bytes",
  async up(db) {
    await db.raw(
      `with cut as (
         update analytics.events set path = left(path, ?) where octet_length(path) > ? returning "timestamp"
       )
       insert into analytics.rollup_dirty (hour) select distinct date_trunc('hour', "timestamp") from cut`,
      [PATH_MAX / 4, PATH_MAX],
    );
  },
  async down() {
    // The cut characters are not kept: nothing to restore.
  },
};

import type { Migration } from "@rsv/kit";
import { BREAKDOWN_COLUMNS, NONE } from "../domain/report.js";

/**
 * Events stored with a breakdown's value spelled as the reports' key for no value ("(none)", from a
 * link tagged utm_source=(none)) hold no value instead, as events are now stored. Kept, such an event
 * and one without a value on the same day made two roll-up rows under one key: every refresh of the
 * roll-ups failed on it from then on.
 */
export const analytics009: Migration = {
  name: "009_none_as_no_value",
  async up(db) {
    const columns = Object.values(BREAKDOWN_COLUMNS);
    await db.raw(
      `update analytics.events set ${columns.map((column) => `${column} = nullif(${column}, '${NONE}')`).join(", ")}
       where ${columns.map((column) => `${column} = '${NONE}'`).join(" or ")}`,
    );
  },
  async down() {
    // Which events said "(none)" is not kept: nothing to restore.
  },
};

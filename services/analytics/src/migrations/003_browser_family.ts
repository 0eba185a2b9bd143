import type { Migration } from "@rsv/kit";
import { BROWSER_FAMILY_MAX, browserFamily } from "../domain/browser-family.js";

/**
 * Events keep the browser's family and device class instead of the user-agent string: stored rows
 * are reduced the same way, then the strings are dropped, in the events and in the events set aside.
 */
export const analytics003: Migration = {
  name: "003_browser_family",
  async up(db) {
    await db.schema.withSchema("analytics").alterTable("events", (t) => {
      t.string("browser", BROWSER_FAMILY_MAX).nullable();
    });
    const agents = await db("analytics.events")
      .distinct<{ user_agent: string }[]>("user_agent")
      .whereNotNull("user_agent");
    for (const { user_agent } of agents) {
      await db("analytics.events")
        .where({ user_agent })
        .update({ browser: browserFamily(user_agent) });
    }
    await db.schema.withSchema("analytics").alterTable("events", (t) => {
      t.dropColumn("user_agent");
    });

    const dead = await db("analytics.dead_events").select<{ id: number; payload: string }[]>("id", "payload");
    for (const { id, payload } of dead) {
      const event = JSON.parse(payload) as Record<string, unknown>;
      if (!("userAgent" in event)) continue;
      const { userAgent, ...rest } = event;
      const reduced = { ...rest, browser: browserFamily(typeof userAgent === "string" ? userAgent : null) };
      await db("analytics.dead_events")
        .where({ id })
        .update({ payload: JSON.stringify(reduced) });
    }
  },
  async down(db) {
    // The strings are gone for good; the column comes back empty.
    await db.schema.withSchema("analytics").alterTable("events", (t) => {
      t.string("user_agent", 512).nullable();
      t.dropColumn("browser");
    });
  },
};

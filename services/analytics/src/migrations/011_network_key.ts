import type { Migration } from "@rsv/kit";

/** networkKey as this migration was written (fixed here: a migration does not change after). */
const keyOf = (name: string) => name.trim().replace(/\s+/g, " ").toLowerCase();

/**
 * One network whatever case and spacing it was typed in: conversions are unique per network key
 * (trimmed, runs of white space one space, lower case, worked out in JavaScript as the importer does)
 * and conversion id, where they were unique per spelling, so "Awin" and "awin" counted one conversion
 * twice. Conversions stored twice that way keep the one imported last; the hours of their clicks are
 * listed so that their days are counted again.
 */
export const analytics011: Migration = {
  name: "011_network_key",
  async up(db) {
    for (const table of ["conversion_imports", "conversions"]) {
      await db.schema.withSchema("analytics").alterTable(table, (t) => t.text("network_key").nullable());
      const names = (await db(`analytics.${table}`).distinct("network")) as { network: string }[];
      for (const { network } of names)
        await db(`analytics.${table}`)
          .where({ network })
          .update({ network_key: keyOf(network) });
    }
    await db.raw(
      `with ranked as (
         select id, click_id, row_number() over (
           partition by network_key, conversion_id order by import_id desc, id desc) as n
         from analytics.conversions
       ), gone as (
         delete from analytics.conversions c using ranked r where c.id = r.id and r.n > 1 returning r.click_id
       )
       insert into analytics.rollup_dirty (hour)
       select distinct date_trunc('hour', e."timestamp") from analytics.events e
       where e.event_type = 'affiliate_click' and e.uid in (select click_id from gone where click_id is not null)`,
    );
    await db.schema.withSchema("analytics").alterTable("conversion_imports", (t) => {
      t.text("network_key").notNullable().alter();
      t.index(["network_key"], "conversion_imports_network_key_idx");
    });
    await db.schema.withSchema("analytics").alterTable("conversions", (t) => {
      t.text("network_key").notNullable().alter();
      t.dropUnique(["network", "conversion_id"]);
      t.unique(["network_key", "conversion_id"]);
    });
  },
  async down(db) {
    await db.schema.withSchema("analytics").alterTable("conversions", (t) => {
      t.dropUnique(["network_key", "conversion_id"]);
      t.unique(["network", "conversion_id"]);
      t.dropColumn("network_key");
    });
    await db.schema.withSchema("analytics").alterTable("conversion_imports", (t) => {
      t.dropIndex(["network_key"], "conversion_imports_network_key_idx");
      t.dropColumn("network_key");
    });
  },
};

import type { Migration } from "@rsv/kit";

/**
 * What the reports break figures down by, as columns: the page, its language, the product a review
 * page or a click is about, the visit's source, medium and campaign, the device class, and for a
 * click where it was made and to which retailer and offer. Stored rows get what can be read back
 * from them (the page, its language, the product of a click, the device class).
 */
export const analytics004: Migration = {
  name: "004_report_dimensions",
  async up(db) {
    await db.schema.withSchema("analytics").alterTable("events", (t) => {
      t.string("path", 2000).nullable();
      t.string("lang", 2).nullable();
      t.string("product_slug", 200).nullable();
      t.string("referrer_host", 255).nullable();
      t.string("source", 255).nullable();
      t.string("medium", 200).nullable();
      t.string("campaign", 200).nullable();
      t.string("device", 10).nullable();
      t.string("placement", 20).nullable();
      t.string("retailer", 100).nullable();
      t.integer("offer_id").nullable();
      t.index(["visitor_hash", "timestamp"], "events_visitor_time_idx");
      t.index(["timestamp"], "events_time_idx");
    });
    await db.raw(`
      update analytics.events set
        path = case when event_type = 'page_view' then left(split_part(split_part(event_data->>'page', '?', 1), '#', 1), 2000) end,
        product_slug = case when event_type = 'affiliate_click' then left(event_data->>'productSlug', 200) end,
        device = case split_part(coalesce(browser, ''), '/', 2)
          when 'mobile' then 'mobile' when 'tablet' then 'tablet' when 'desktop' then 'desktop' else 'other' end`);
    await db.raw(`
      update analytics.events set lang = case when path = '/es' or path like '/es/%' then 'es' else 'en' end
      where path is not null`);
  },
  async down(db) {
    await db.schema.withSchema("analytics").alterTable("events", (t) => {
      t.dropIndex(["visitor_hash", "timestamp"], "events_visitor_time_idx");
      t.dropIndex(["timestamp"], "events_time_idx");
      for (const column of ["path", "lang", "product_slug", "referrer_host", "source", "medium", "campaign"])
        t.dropColumn(column);
      for (const column of ["device", "placement", "retailer", "offer_id"]) t.dropColumn(column);
    });
  },
};

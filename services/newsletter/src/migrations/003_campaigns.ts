import type { Migration } from "@rsv/kit";

/**
 * Campaigns, their deliveries (one row per campaign and subscriber, unique: the record that makes a
 * campaign reach each subscriber once) and the outbox (what was sent, or would have been without SMTP).
 */
export const campaigns003: Migration = {
  name: "003_campaigns",
  async up(db) {
    const schema = () => db.schema.withSchema("newsletter");
    await schema().createTable("campaigns", (t) => {
      t.increments("id");
      t.text("subject_en").notNullable();
      t.text("subject_es").notNullable().defaultTo("");
      t.text("body_en").notNullable();
      t.text("body_es").notNullable().defaultTo("");
      // draft, scheduled, sending, paused, sent, cancelled
      t.text("status").notNullable().defaultTo("draft");
      t.timestamp("send_at", { useTz: true });
      t.timestamp("started_at", { useTz: true });
      t.timestamp("finished_at", { useTz: true });
      t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.timestamp("updated_at", { useTz: true }).notNullable().defaultTo(db.fn.now());
    });
    await db.raw(`create index campaigns_due_idx on newsletter.campaigns (status, send_at)`);
    await schema().createTable("deliveries", (t) => {
      t.bigIncrements("id");
      t.integer("campaign_id").notNullable().references("id").inTable("newsletter.campaigns").onDelete("CASCADE");
      t.integer("subscriber_id").notNullable().references("id").inTable("newsletter.subscribers").onDelete("CASCADE");
      // queued, sending, sent, failed, bounced, unknown, cancelled
      t.text("status").notNullable().defaultTo("queued");
      t.integer("attempts").notNullable().defaultTo(0);
      t.timestamp("claimed_at", { useTz: true });
      t.timestamp("sent_at", { useTz: true });
      t.text("last_error");
      t.unique(["campaign_id", "subscriber_id"]);
    });
    await db.raw(`create index deliveries_campaign_status_idx on newsletter.deliveries (campaign_id, status)`);
    await schema().createTable("outbox", (t) => {
      t.bigIncrements("id");
      t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(db.fn.now());
      // confirmation, campaign, test
      t.text("kind").notNullable();
      t.integer("subscriber_id").references("id").inTable("newsletter.subscribers").onDelete("CASCADE");
      t.integer("campaign_id").references("id").inTable("newsletter.campaigns").onDelete("SET NULL");
      t.text("to_address").notNullable();
      t.text("subject").notNullable();
      t.jsonb("headers").notNullable();
      t.text("html").notNullable();
      t.text("text").notNullable();
    });
    await db.raw(`create index outbox_created_idx on newsletter.outbox (created_at desc, id desc)`);
  },
  async down(db) {
    const schema = () => db.schema.withSchema("newsletter");
    await schema().dropTable("outbox");
    await schema().dropTable("deliveries");
    await schema().dropTable("campaigns");
  },
};

import type { Migration } from "@rsv/kit";

/**
 * A campaign's deliveries outlive their subscribers: erasing a subscriber took their delivery rows
 * with them, and a sent campaign's counts (worked out from those rows) fell, to zero once every reader
 * was gone. The row now keeps its status with no subscriber named (SubscribersRepository.delete also
 * clears its last error, which may quote the address).
 */
export const newsletter005: Migration = {
  name: "005_deliveries_outlive_subscribers",
  async up(db) {
    await db.raw(`alter table newsletter.deliveries alter column subscriber_id drop not null`);
    await db.raw(`alter table newsletter.deliveries drop constraint deliveries_subscriber_id_foreign`);
    await db.raw(
      `alter table newsletter.deliveries add constraint deliveries_subscriber_id_foreign
       foreign key (subscriber_id) references newsletter.subscribers (id) on delete set null`,
    );
  },
  async down(db) {
    await db.raw(`delete from newsletter.deliveries where subscriber_id is null`);
    await db.raw(`alter table newsletter.deliveries drop constraint deliveries_subscriber_id_foreign`);
    await db.raw(
      `alter table newsletter.deliveries add constraint deliveries_subscriber_id_foreign
       foreign key (subscriber_id) references newsletter.subscribers (id) on delete cascade`,
    );
    await db.raw(`alter table newsletter.deliveries alter column subscriber_id set not null`);
  },
};

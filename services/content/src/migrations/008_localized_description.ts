import type { Migration } from "@rsv/kit";

/**
 * The site description per language, like the affiliate disclosure. The one description saved so far
 * was written for the English home page, so it becomes the English text and the Spanish starts empty;
 * the settings' revisions are rewritten the same way, so restoring one still brings back its words.
 */
export const content008: Migration = {
  name: "008_localized_description",
  async up(db) {
    await db.raw(`
      alter table content.site_settings alter column description type jsonb
      using case when description is null then null else jsonb_build_object('en', description, 'es', null) end`);
    await db.raw(`
      update content.revisions
      set snapshot = jsonb_set(snapshot, '{description}', jsonb_build_object('en', snapshot->'description', 'es', null))
      where entity = 'settings' and jsonb_typeof(snapshot->'description') in ('string', 'null')`);
  },
  async down(db) {
    await db.raw(`
      update content.revisions set snapshot = jsonb_set(snapshot, '{description}', snapshot->'description'->'en')
      where entity = 'settings' and jsonb_typeof(snapshot->'description') = 'object'`);
    await db.raw(`
      alter table content.site_settings alter column description type text using description->>'en'`);
  },
};

import type { Migration } from "@rsv/kit";
import { refreshUnsavedPages } from "./009_seed_page_corrections.js";

/** The privacy policy names the dashboard's language cookie: installs whose policy no admin saved get it. */
export const content010: Migration = {
  name: "010_privacy_admin_language",
  up: refreshUnsavedPages,
  // The words a page was installed with are not kept anywhere, so there is nothing to put back.
  async down() {},
};

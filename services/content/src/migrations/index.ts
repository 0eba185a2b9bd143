import { content001 } from "./001_content.js";
import { content002 } from "./002_legal_settings.js";
import { content003 } from "./003_claims.js";
import { content004 } from "./004_meta_title.js";
import { content005 } from "./005_revisions.js";
import { content006 } from "./006_audit_outbox.js";
import { content007 } from "./007_pages.js";
import { content008 } from "./008_localized_description.js";
import { content009 } from "./009_seed_page_corrections.js";
import { content010 } from "./010_privacy_admin_language.js";

export const migrations = [
  content001,
  content002,
  content003,
  content004,
  content005,
  content006,
  content007,
  content008,
  content009,
  content010,
];

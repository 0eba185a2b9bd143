import { products001 } from "./001_products.js";
import { products002 } from "./002_expert_grade.js";
import { products003 } from "./003_click_outbox.js";
import { products004 } from "./004_offers.js";
import { products005 } from "./005_publish_at.js";
import { products006 } from "./006_search_fields.js";
import { products007 } from "./007_revisions.js";
import { catalog008 } from "./008_audit_outbox.js";
import { catalog009 } from "./009_retailers.js";

export const migrations = [
  products001,
  products002,
  products003,
  products004,
  products005,
  products006,
  products007,
  catalog008,
  catalog009,
];

import { migrations as initial } from "./001_events.js";
import { analytics002 } from "./002_dead_events.js";
import { analytics003 } from "./003_browser_family.js";
import { analytics004 } from "./004_report_dimensions.js";
import { analytics005 } from "./005_rollups.js";
import { analytics006 } from "./006_conversions.js";
import { analytics007 } from "./007_pair_rollups.js";
import { analytics008 } from "./008_one_uid_index.js";
import { analytics009 } from "./009_none_as_no_value.js";
import { analytics010 } from "./010_path_bytes.js";
import { analytics011 } from "./011_network_key.js";
import { analytics012 } from "./012_converted_commissions.js";

export const migrations = [
  ...initial,
  analytics002,
  analytics003,
  analytics004,
  analytics005,
  analytics006,
  analytics007,
  analytics008,
  analytics009,
  analytics010,
  analytics011,
  analytics012,
];

import { subscribers001 } from "./001_subscribers.js";
import { subscribers002 } from "./002_double_opt_in.js";
import { campaigns003 } from "./003_campaigns.js";
import { newsletter004 } from "./004_audit_outbox.js";
import { newsletter005 } from "./005_deliveries_outlive_subscribers.js";

export const migrations = [subscribers001, subscribers002, campaigns003, newsletter004, newsletter005];

import { subscribers001 } from "./001_subscribers.js";
import { newsletter002 } from "./002_audit_outbox.js";

export const migrations = [subscribers001, newsletter002];

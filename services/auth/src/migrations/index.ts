import { auth001 } from "./001_auth.js";
import { auth002 } from "./002_session_idle.js";
import { auth003 } from "./003_devices.js";
import { auth004 } from "./004_audit_events.js";
import { auth005 } from "./005_roles.js";
import { auth006 } from "./006_orphaned_invitations.js";

export const migrations = [auth001, auth002, auth003, auth004, auth005, auth006];

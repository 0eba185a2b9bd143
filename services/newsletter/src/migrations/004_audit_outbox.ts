import { auditOutboxMigration } from "@rsv/kit";

/** Activity-log events of the admin's operations, kept until the auth service has them (see the kit's audit.ts). */
export const newsletter004 = auditOutboxMigration("newsletter", "004_audit_outbox");

import { auditOutboxMigration } from "@rsv/kit";

/** Activity-log events of the admin's operations, kept until the auth service has them (see the kit's audit.ts). */
export const catalog008 = auditOutboxMigration("catalog", "008_audit_outbox");

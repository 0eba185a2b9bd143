import type { Logger } from "@rsv/kit";
import { DEFAULT_EMBEDDED_ADMIN, generatePassword, normalizeEmail } from "./credentials.js";
import { hashPassword, verifyPassword } from "./password.js";
import { checkNewPassword } from "./password-strength.js";
import type { AdminsRepository } from "../repository/admins.repository.js";

export interface BootstrapSettings {
  /** Without a database URL the site runs embedded (make start) on this machine only. */
  embedded: boolean;
  adminEmail?: string;
  adminPassword?: string;
}

/**
 * Runs at every start, so it only reads when the admin exists. With ADMIN_EMAIL and ADMIN_PASSWORD the
 * account is created if missing (the unique email makes replicas starting together create one), unless
 * the password would be refused in the admin area: then the start fails, saying why. Embedded, without a
 * password, the first admin gets a generated one (144 random bits, always strong), printed this once.
 */
export async function ensureFirstAdmin(
  admins: AdminsRepository,
  settings: BootstrapSettings,
  logger: Logger,
): Promise<void> {
  if (settings.adminEmail && settings.adminPassword) {
    const email = normalizeEmail(settings.adminEmail);
    const existing = await admins.findByEmail(email);
    if (existing) {
      // ADMIN_PASSWORD only creates the account; a changed value must not look as if it had been applied.
      if (!(await verifyPassword(existing.passwordHash, settings.adminPassword))) {
        logger.warn(
          { email },
          "ADMIN_PASSWORD differs from the account's password and was NOT applied: it only creates the first " +
            "account. Change the password in the admin area (Account), which signs out every other session.",
        );
      }
      return;
    }
    const refusal = await checkNewPassword(settings.adminPassword, { email });
    if (refusal) {
      throw new Error(
        `ADMIN_PASSWORD is too weak to create the admin account (${refusal.problem}): ${refusal.message} ` +
          "Choose a longer passphrase of uncommon words.",
      );
    }
    if (await admins.createIfMissing(email, await hashPassword(settings.adminPassword), "owner")) {
      logger.info({ email }, "created the admin account from ADMIN_EMAIL");
    }
    return;
  }
  if (await admins.any()) return;
  if (!settings.embedded) {
    logger.warn("no admin account exists: set ADMIN_EMAIL and ADMIN_PASSWORD to create one");
    return;
  }
  const email = normalizeEmail(settings.adminEmail ?? DEFAULT_EMBEDDED_ADMIN);
  const password = generatePassword();
  if (!(await admins.createIfMissing(email, await hashPassword(password), "owner"))) return;
  const line =
    `Created the admin account ${email} with the generated password ${password} ` +
    "(shown only this once: note it now, or set ADMIN_EMAIL and ADMIN_PASSWORD)";
  if (logger.isLevelEnabled("warn")) logger.warn({ email }, line);
  else process.stdout.write(`${line}\n`);
}

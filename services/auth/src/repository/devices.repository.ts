import type { Knex } from "@rsv/kit";
import { DEVICE_TTL_DAYS } from "../domain/cookie.js";

const DEVICES = "auth.devices";
const ADMINS = "auth.admins";

/** Browsers known to an account, by the hash of their device cookie. */
export class DevicesRepository {
  constructor(
    private readonly db: Knex,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** True when the device signed in to the account with this email before and has not expired. */
  async isKnownTo(idHash: string, email: string): Promise<boolean> {
    const row = await this.db(`${DEVICES} as d`)
      .join(`${ADMINS} as a`, "a.id", "d.admin_id")
      .select("d.id_hash")
      .where({ "d.id_hash": idHash, "a.email": email })
      .andWhere("d.expires_at", ">", this.now())
      .first();
    return row !== undefined;
  }

  /** Records the device for the account for DEVICE_TTL_DAYS, or moves its expiry on when it is already known. */
  async remember(idHash: string, adminId: number): Promise<void> {
    const now = this.now();
    const expiresAt = new Date(now.getTime() + DEVICE_TTL_DAYS * 86_400_000);
    await this.db(DEVICES)
      .insert({ id_hash: idHash, admin_id: adminId, created_at: now, expires_at: expiresAt })
      .onConflict("id_hash")
      .merge(["expires_at"]);
  }

  async deleteEnded(): Promise<number> {
    return (await this.db(DEVICES).where("expires_at", "<=", this.now()).delete().returning("id_hash")).length;
  }
}

import type { Knex } from "@rsv/kit";
import type { OutgoingMessage } from "../domain/email.js";

export interface OutboxEntry {
  id: number;
  createdAt: string;
  kind: OutgoingMessage["kind"];
  to: string;
  subject: string;
  headers: Record<string, string>;
  html: string;
  text: string;
  campaignId: number | null;
}

interface OutboxRow {
  id: number | string;
  created_at: Date | string;
  kind: OutgoingMessage["kind"];
  to_address: string;
  subject: string;
  headers: Record<string, string> | string;
  html: string;
  text: string;
  campaign_id: number | null;
}

/** Messages kept instead of sent when no SMTP server is configured, newest first in the admin. */
export class OutboxRepository {
  constructor(private readonly db: Knex) {}

  async add(message: OutgoingMessage, headers: Record<string, string>): Promise<number> {
    const [row] = await this.db("newsletter.outbox")
      .insert({
        kind: message.kind,
        subscriber_id: message.subscriberId ?? null,
        campaign_id: message.campaignId ?? null,
        to_address: message.to,
        subject: message.subject,
        headers: JSON.stringify(headers),
        html: message.html,
        text: message.text,
      })
      .returning("id");
    return Number((row as { id: number | string }).id);
  }

  async list(limit: number): Promise<OutboxEntry[]> {
    const rows = await this.db<OutboxRow>("newsletter.outbox")
      .select("id", "created_at", "kind", "to_address", "subject", "headers", "html", "text", "campaign_id")
      .orderBy([
        { column: "created_at", order: "desc" },
        { column: "id", order: "desc" },
      ])
      .limit(limit);
    return rows.map((row) => ({
      id: Number(row.id),
      createdAt: new Date(row.created_at).toISOString(),
      kind: row.kind,
      to: row.to_address,
      subject: row.subject,
      headers: typeof row.headers === "string" ? (JSON.parse(row.headers) as Record<string, string>) : row.headers,
      html: row.html,
      text: row.text,
      campaignId: row.campaign_id,
    }));
  }
}

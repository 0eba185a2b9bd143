import type { AuditEvent, AuditEventInput } from "@rsv/api/client";
import type { Knex } from "@rsv/kit";

const EVENTS = "auth.audit_events";

export interface AuditEventFilter {
  /** Part of the actor's email, any case. */
  actor?: string;
  action?: string;
  from?: Date;
  to?: Date;
  /** The cursor of the previous page (`nextBefore`). */
  before?: string;
  limit: number;
}

interface Row {
  id: number;
  uid: string;
  occurred_at: Date | string;
  actor_id: number;
  actor_email: string;
  action: string;
  service: string;
  target: AuditEvent["target"] | string;
  request_id: string;
  changes: AuditEvent["changes"] | string;
}

const parsed = <T>(value: T | string): T => (typeof value === "string" ? (JSON.parse(value) as T) : value);

const toEvent = (row: Row): AuditEvent => ({
  id: Number(row.id),
  uid: row.uid,
  occurredAt: new Date(row.occurred_at).toISOString(),
  actor: { id: row.actor_id, email: row.actor_email },
  action: row.action,
  service: row.service,
  target: parsed(row.target),
  requestId: row.request_id,
  changes: parsed(row.changes),
});

/** A page's cursor: the last event's time (ms) and id, the order the list is read in. */
const cursorOf = (event: AuditEvent) => `${new Date(event.occurredAt).getTime()}.${event.id}`;

/** Escapes LIKE's wildcards, so the actor filter matches the text as typed. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** `auth.audit_events`: the activity log, appended to and read, never edited. */
export class AuditEventsRepository {
  constructor(private readonly db: Knex) {}

  /** Stores events; one whose uid is already stored is left as it is. */
  async append(events: AuditEventInput[]): Promise<void> {
    if (events.length === 0) return;
    await this.db(EVENTS)
      .insert(
        events.map((event) => ({
          uid: event.uid,
          occurred_at: new Date(event.occurredAt),
          actor_id: event.actor.id,
          actor_email: event.actor.email,
          action: event.action,
          service: event.service,
          target: JSON.stringify(event.target),
          request_id: event.requestId,
          changes: JSON.stringify(event.changes),
        })),
      )
      .onConflict("uid")
      .ignore();
  }

  /** One page, newest first by the time each event happened, and the cursor of the next page. */
  async list(filter: AuditEventFilter): Promise<{ events: AuditEvent[]; nextBefore: string | null }> {
    const query = this.db(EVENTS)
      .select<Row[]>("*")
      .orderBy([
        { column: "occurred_at", order: "desc" },
        { column: "id", order: "desc" },
      ])
      .limit(filter.limit + 1);
    if (filter.actor) query.whereRaw("actor_email ilike ? escape '\\'", [likeText(filter.actor)]);
    if (filter.action) query.where("action", filter.action);
    if (filter.from) query.where("occurred_at", ">=", filter.from);
    if (filter.to) query.where("occurred_at", "<", filter.to);
    if (filter.before) {
      const [ms, id] = filter.before.split(".").map(Number);
      query.whereRaw("(occurred_at, id) < (?, ?)", [new Date(ms!), id!]);
    }
    const rows = (await query).map(toEvent);
    const events = rows.slice(0, filter.limit);
    return { events, nextBefore: rows.length > filter.limit ? cursorOf(events.at(-1)!) : null };
  }

  /** Drops the events that happened more than `days` days ago; answers how many. */
  async purgeOlderThan(days: number): Promise<number> {
    return this.db(EVENTS)
      .where("occurred_at", "<", this.db.raw("now() - make_interval(days => ?)", [days]))
      .delete();
  }
}

import { randomUUID } from "node:crypto";
import type { Context } from "koa";
import type { Knex } from "knex";
import type { AuditChange, AuditEventInput } from "@rsv/api/client";
import type { OperationSpec } from "./contract.js";
import type { Migration } from "./db.js";
import { OutboxRelay, type Outbox, type OutboxRelayOptions } from "./outbox-relay.js";
import { INTERNAL_TOKEN_HEADER, type Logger } from "./runtime/index.js";
import type { AdminUser } from "./session.js";
import type { ApiClient } from "./service.js";

/**
 * What a handler tells the activity log about its operation, in `ctx.state.audit`: the entity as it
 * was and as it is now (only the fields that differ are kept), and the target when the kit cannot
 * work it out from the path (a new entity's id, a name for the entity).
 */
export interface AuditNote {
  target?: { entity?: string; id?: string | number | null };
  before?: unknown;
  after?: unknown;
  /** The write only showed what it would do (a dry run, a first look at a file): no event. */
  preview?: boolean;
}

declare module "koa" {
  interface DefaultState {
    audit?: AuditNote;
  }
}

/** Where a service's events go: its outbox (handed to auth later), or auth's own table. */
export interface AuditSink {
  record(event: AuditEventInput): Promise<void>;
}

/** Fields whose values never enter an event: only that they changed is kept. */
const SECRET_FIELD = /password|secret|token|hash|cookie|apikey|api_key/i;
/** Times every create or edit sets, which the event's own time already says. */
const NOISE_FIELDS = new Set(["createdAt", "updatedAt"]);
/** Longer text is cut here (an article's body), so an event stays small. */
export const AUDIT_MAX_TEXT = 2000;
/**
 * An event's changes at most, as JSON: well under what auth takes in one request, so no edit makes an
 * event auth would refuse. An edit of many long fields has its text cut shorter until it fits.
 */
export const AUDIT_MAX_CHANGES_CHARS = 64_000;
const MAX_CHANGES = 500;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Date);

/** Leaves of a value by dotted path; arrays are one leaf each (compared whole). */
function flatten(value: unknown, prefix: string, into: Map<string, unknown>): Map<string, unknown> {
  if (isPlainObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (NOISE_FIELDS.has(key)) continue;
      flatten(item, prefix ? `${prefix}.${key}` : key, into);
    }
  } else if (prefix && value !== undefined) {
    into.set(prefix, value instanceof Date ? value.toISOString() : value);
  }
  return into;
}

/** A value as it is kept: long strings cut, and within arrays and objects too. */
function keep(value: unknown, maxText: number): unknown {
  if (typeof value === "string") return value.length > maxText ? `${value.slice(0, maxText)}…` : value;
  if (Array.isArray(value)) return value.map((item) => keep(item, maxText));
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, keep(v, maxText)]));
  return value;
}

/**
 * The fields that differ between two states of an entity, by dotted path: a new entity (no `before`)
 * lists what it was made with, a deleted one (no `after`) what it held. A secret's values are never
 * kept, only its name (a change with neither `before` nor `after`).
 */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  for (const maxText of [AUDIT_MAX_TEXT, 500, 100, 20]) {
    const changes = changesCut(before, after, maxText);
    if (JSON.stringify(changes).length <= AUDIT_MAX_CHANGES_CHARS) return changes;
  }
  // Still too long (thousands of fields): the names of what changed, without values.
  return changesCut(before, after, 0).map(({ field }) => ({ field }));
}

function changesCut(before: unknown, after: unknown, maxText: number): AuditChange[] {
  const was = flatten(before, "", new Map());
  const now = flatten(after, "", new Map());
  const changes: AuditChange[] = [];
  for (const field of new Set([...was.keys(), ...now.keys()])) {
    const a = was.get(field);
    const b = now.get(field);
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    const secret = field.split(".").some((part) => SECRET_FIELD.test(part));
    changes.push({
      field: field.slice(0, 256),
      ...(secret || !was.has(field) ? {} : { before: keep(a, maxText) }),
      ...(secret || !now.has(field) ? {} : { after: keep(b, maxText) }),
    });
    if (changes.length === MAX_CHANGES) break;
  }
  return changes;
}

/** The entity an operation acts on, from its path: `/api/products/{id}` → products, `/api/offers/settings` → offers/settings. */
export function entityOf(path: string): string {
  return path
    .replace(/^\/api\//, "")
    .split("/")
    .filter((part) => part && !part.startsWith("{"))
    .join("/")
    .slice(0, 64);
}

/** The fields that name an entity for a person, in the order they are tried. */
const LABEL_FIELDS = ["name", "title", "originalName", "retailer"] as const;

/** The entity's name as the admin knows it, from its state after the operation (or before, for a delete). */
export function labelOf(...states: unknown[]): string | undefined {
  for (const state of states) {
    if (!isPlainObject(state)) continue;
    for (const field of LABEL_FIELDS) {
      const value = state[field];
      if (typeof value === "string" && value.trim()) return value.trim().slice(0, 200);
    }
  }
  return undefined;
}

export interface NewAuditEvent {
  actor: AdminUser;
  action: string;
  service: string;
  requestId: string;
  target: AuditEventInput["target"];
  changes?: AuditChange[];
}

export function newAuditEvent(event: NewAuditEvent): AuditEventInput {
  return {
    uid: randomUUID(),
    occurredAt: new Date().toISOString(),
    actor: { id: event.actor.id, email: event.actor.email },
    action: event.action,
    service: event.service,
    target: event.target,
    requestId: event.requestId.slice(0, 200),
    changes: event.changes ?? [],
  };
}

/**
 * The event of an admin operation that answered 2xx: who, what, on what, and what changed as the
 * handler described it in `ctx.state.audit` (a create's answer stands for its `after` when the handler
 * said nothing). Request bodies are never copied, so a password or token sent in one never enters it.
 */
export function auditEventOf(ctx: Context, op: OperationSpec, admin: AdminUser, service: string): AuditEventInput {
  const note = ctx.state.audit ?? {};
  const params = Object.fromEntries(
    Object.entries((ctx.params ?? {}) as Record<string, unknown>).map(([key, value]) => [
      key,
      String(value).slice(0, 256),
    ]),
  );
  const answered = isPlainObject(ctx.body) ? ctx.body : undefined;
  const after = note.after ?? (ctx.status === 201 ? answered : undefined);
  const createdId = ctx.status === 201 && answered && "id" in answered ? answered.id : undefined;
  const id = note.target?.id ?? params.id ?? Object.values(params)[0] ?? createdId ?? null;
  const label = labelOf(after, note.before);
  return newAuditEvent({
    actor: admin,
    action: op.operationId,
    service,
    requestId: String(ctx.state.requestId ?? ""),
    target: {
      entity: note.target?.entity ?? entityOf(op.path),
      id: id === null || id === undefined ? null : String(id).slice(0, 256),
      ...(label ? { label } : {}),
      ...(Object.keys(params).length > 0 ? { params } : {}),
    },
    changes: auditChanges(note.before, after),
  });
}

// ── the outbox of a service other than auth ───────────────────────────────

/**
 * The migration that makes `<schema>.audit_outbox`: events waiting to be handed to auth. Each service
 * with admin operations lists it once, under a name of its own; never change what it makes (a released
 * migration), add another migration instead.
 */
export function auditOutboxMigration(schema: string, name: string): Migration {
  return {
    name,
    async up(db) {
      await db.schema.withSchema(schema).createTable("audit_outbox", (t) => {
        // The event's uid: auth stores an event once, however often it arrives.
        t.uuid("id").primary();
        t.jsonb("event").notNullable();
        t.timestamp("occurred_at", { useTz: true }).notNullable().defaultTo(db.fn.now());
        // Not handed over before this time: the next attempt, or the end of a relay's claim on the row.
        t.timestamp("attempt_at", { useTz: true }).notNullable().defaultTo(db.fn.now());
        t.integer("attempts").notNullable().defaultTo(0);
        t.index(["attempt_at"]);
      });
    },
    async down(db) {
      await db.schema.withSchema(schema).dropTable("audit_outbox");
    },
  };
}

export interface PendingAuditEvent {
  id: string;
  event: AuditEventInput;
  attempts: number;
}

interface OutboxRow {
  id: string;
  event: AuditEventInput | string;
  attempts: number;
  occurred_at: Date | string;
}

/** `<schema>.audit_outbox`: a service's events until auth has them. */
export class AuditOutbox implements Outbox<PendingAuditEvent> {
  private readonly table: string;

  constructor(
    private readonly db: Knex,
    schema: string,
  ) {
    this.table = `${schema}.audit_outbox`;
  }

  async add(event: AuditEventInput): Promise<void> {
    await this.db(this.table).insert({ id: event.uid, event: JSON.stringify(event), occurred_at: event.occurredAt });
  }

  async claim(limit: number, holdMs: number): Promise<PendingAuditEvent[]> {
    const result = await this.db.raw(
      `update ${this.table} set attempt_at = now() + make_interval(secs => ?), attempts = attempts + 1
       where id in (
         select id from ${this.table} where attempt_at <= now()
         order by occurred_at limit ? for update skip locked
       )
       returning id, event, attempts, occurred_at`,
      [holdMs / 1000, limit],
    );
    return (result.rows as OutboxRow[])
      .sort((a, b) => new Date(a.occurred_at).getTime() - new Date(b.occurred_at).getTime())
      .map((row) => ({
        id: row.id,
        event: typeof row.event === "string" ? (JSON.parse(row.event) as AuditEventInput) : row.event,
        attempts: row.attempts,
      }));
  }

  async remove(ids: string[]): Promise<void> {
    if (ids.length > 0) await this.db(this.table).whereIn("id", ids).delete();
  }

  async retryLater(ids: string[], delayMs: number): Promise<void> {
    if (ids.length === 0) return;
    await this.db(this.table)
      .whereIn("id", ids)
      .update({ attempt_at: this.db.raw("now() + make_interval(secs => ?)", [delayMs / 1000]) });
  }

  async pending(): Promise<number> {
    const row = (await this.db(this.table).count({ n: "*" }).first()) as { n: number | string } | undefined;
    return Number(row?.n ?? 0);
  }
}

/** Auth answered, but not 204. A 4xx other than 429 says the event itself was refused. */
export class AuditHandoverRefused extends Error {
  constructor(readonly status: number) {
    super(`auth answered ${status}`);
  }
}

const HANDOVER_TIMEOUT_MS = 5000;

/**
 * A service's activity log: events go into its outbox with the operation's answer, and a relay hands
 * them to auth (`recordAuditEvents`, with the services' secret) in the background, deleting each once
 * auth has it. Auth being away delays events; it loses none.
 */
export function startAuditRelay(options: {
  db: Knex;
  schema: string;
  api: ApiClient;
  internalToken: string | undefined;
  logger: Logger;
  relay?: Partial<OutboxRelayOptions>;
}): AuditSink & { outbox: AuditOutbox; close(): Promise<void> } {
  const outbox = new AuditOutbox(options.db, options.schema);
  const relay = new OutboxRelay<PendingAuditEvent>(
    outbox,
    {
      what: "audit event",
      deliver: async ({ event }) => {
        const { response } = await options.api.POST("/api/auth/audit-events", {
          body: { events: [event] },
          headers: { [INTERNAL_TOKEN_HEADER]: options.internalToken ?? "", "x-request-id": event.requestId },
          signal: AbortSignal.timeout(HANDOVER_TIMEOUT_MS),
        });
        if (response.status !== 204) throw new AuditHandoverRefused(response.status);
      },
      refuses: (error) =>
        error instanceof AuditHandoverRefused && error.status >= 400 && error.status < 500 && error.status !== 429,
    },
    options.logger,
    // Each new event wakes the relay; the poll only picks up what a restart or a failed hand-over left.
    { concurrency: 4, pollMs: 5000, ...options.relay },
  );
  relay.start();
  return {
    outbox,
    record: async (event) => {
      await outbox.add(event);
      relay.wake();
    },
    close: () => relay.close(),
  };
}

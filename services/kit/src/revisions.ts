import { isDeepStrictEqual } from "node:util";
import type { Knex } from "knex";
import type { OperationRouter } from "./app.js";
import type { Migration } from "./db.js";
import { forbidden, notFound } from "./errors.js";
import type { AdminUser } from "./session.js";

/** The kinds of item that keep revisions. */
export type RevisionEntity = "product" | "post" | "page" | "settings";

/** How many revisions are kept per item; older ones are dropped as new ones are saved. */
export const REVISIONS_KEPT = 50;

/** What one revision says: who saved, when, what the item was then and which fields that save changed. */
export interface Revision<T extends object = Record<string, unknown>> {
  id: number;
  entity: string;
  entityId: string;
  createdAt: string;
  /** null for the state an item had before revisions were kept (recorded by its first save). */
  actor: { id: number; email: string } | null;
  /** The revision this one restored, when it is a restore. */
  restoredFrom: number | null;
  /** Fields that differ from the revision before; every field for the oldest revision kept. */
  changed: string[];
  snapshot: T;
}

interface RevisionRow {
  id: number;
  entity: string;
  entity_id: string;
  created_at: Date | string;
  actor_id: number | null;
  actor_email: string | null;
  restored_from: number | null;
  snapshot: unknown;
}

/** The table a service keeps its items' revisions in, inside its own schema. */
export function revisionsMigration(schema: string, name: string): Migration {
  return {
    name,
    async up(db) {
      await db.schema.withSchema(schema).createTable("revisions", (t) => {
        t.increments("id").primary();
        t.string("entity", 20).notNullable();
        t.string("entity_id", 100).notNullable();
        t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(db.fn.now());
        t.integer("actor_id");
        t.string("actor_email", 254);
        t.integer("restored_from");
        t.jsonb("snapshot").notNullable();
        t.index(["entity", "entity_id", "id"]);
      });
    },
    async down(db) {
      await db.schema.withSchema(schema).dropTable("revisions");
    },
  };
}

/** The fields whose values differ between two snapshots, in name order (jsonb keeps no order of its own). */
export function changedFields(before: object | undefined, after: object): string[] {
  if (!before) return Object.keys(after).sort();
  const older = before as Record<string, unknown>;
  const newer = after as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(newer), ...Object.keys(older)])];
  return keys.filter((key) => !isDeepStrictEqual(older[key] ?? null, newer[key] ?? null)).sort();
}

/** One save to keep: the item as it is now, and as it was before when known. */
export interface RevisionInput<T extends object> {
  entity: string;
  entityId: string | number;
  /** Who saved: their id and address are kept (their role is not). */
  actor: Pick<AdminUser, "id" | "email"> | null;
  /** The item before the save: kept first when the item has no revision yet, so the save can be undone. */
  before?: T;
  after: T;
  restoredFrom?: number;
}

/**
 * Every save of an item the owner edits keeps a revision (a snapshot of its editable fields), the
 * last REVISIONS_KEPT per item. Which fields a revision changed is worked out on reading, from the
 * revision before it, so two saves racing each other can never store a wrong list.
 */
export class RevisionStore {
  constructor(
    private readonly db: Knex,
    private readonly schema: string,
    private readonly kept = REVISIONS_KEPT,
  ) {}

  private table(db: Knex = this.db) {
    return db.withSchema(this.schema).table<RevisionRow>("revisions");
  }

  /**
   * Keeps the save as a revision, unless it changed nothing (a restore is always kept). Answers the
   * new revision's id, or null when nothing was kept.
   */
  async record<T extends object>(input: RevisionInput<T>): Promise<number | null> {
    const entityId = String(input.entityId);
    return this.db.transaction(async (trx) => {
      const [latest] = await this.table(trx)
        .where({ entity: input.entity, entity_id: entityId })
        .orderBy("id", "desc")
        .limit(1)
        .select("snapshot");
      if (!latest && input.before && !isDeepStrictEqual(json(input.before), json(input.after))) {
        await this.table(trx).insert(row(input.entity, entityId, null, input.before));
      }
      const previous = latest ? parse(latest.snapshot) : input.before;
      if (input.restoredFrom === undefined && previous && isDeepStrictEqual(json(previous), json(input.after))) {
        return null;
      }
      const [inserted] = await this.table(trx)
        .insert({ ...row(input.entity, entityId, input.actor, input.after), restored_from: input.restoredFrom ?? null })
        .returning("id");
      const keptFrom = this.table(trx)
        .where({ entity: input.entity, entity_id: entityId })
        .orderBy("id", "desc")
        .offset(this.kept - 1)
        .limit(1)
        .select("id");
      await this.table(trx).where({ entity: input.entity, entity_id: entityId }).where("id", "<", keptFrom).delete();
      return (inserted as { id: number }).id;
    });
  }

  /** An item's revisions, newest first, each with the fields it changed. */
  async list<T extends object>(entity: string, entityId: string | number): Promise<Array<Revision<T>>> {
    const rows = await this.table()
      .where({ entity, entity_id: String(entityId) })
      .orderBy("id", "desc")
      .select("*");
    const revisions = rows.map((r) => toRevision<T>(r));
    return revisions.map((revision, index) => ({
      ...revision,
      changed: changedFields(revisions[index + 1]?.snapshot, revision.snapshot),
    }));
  }

  /** One of an item's revisions, if it is still kept. */
  async find<T extends object>(
    entity: string,
    entityId: string | number,
    id: number,
  ): Promise<Revision<T> | undefined> {
    const revisions = await this.list<T>(entity, entityId);
    return revisions.find((revision) => revision.id === id);
  }
}

function row(entity: string, entityId: string, actor: RevisionInput<object>["actor"], snapshot: object) {
  return {
    entity,
    entity_id: entityId,
    actor_id: actor?.id ?? null,
    actor_email: actor?.email ?? null,
    snapshot: JSON.stringify(snapshot),
  };
}

/** A snapshot as it reads back from jsonb, so comparisons see what will be stored. */
function json(value: object): unknown {
  return JSON.parse(JSON.stringify(value));
}

function parse(value: unknown): object {
  return (typeof value === "string" ? JSON.parse(value) : value) as object;
}

function toRevision<T extends object>(r: RevisionRow): Revision<T> {
  return {
    id: r.id,
    entity: r.entity,
    entityId: r.entity_id,
    createdAt: new Date(r.created_at).toISOString(),
    actor: r.actor_id === null ? null : { id: r.actor_id, email: r.actor_email ?? "" },
    restoredFrom: r.restored_from,
    changed: [],
    snapshot: parse(r.snapshot) as T,
  };
}

/** Saves an item as a revision had it and answers its new state, or undefined when the item is gone. */
export type Restorer = (
  entityId: string,
  snapshot: Record<string, unknown>,
  admin: AdminUser,
) => Promise<object | undefined>;

/** The kinds of item whose revisions an editor may read and restore: what editors manage. */
const EDITOR_ENTITIES: ReadonlySet<RevisionEntity> = new Set<RevisionEntity>(["post", "product", "page"]);

/**
 * listRevisions and restoreRevision for the kinds of item this service keeps (the gateway sends each
 * kind to the service that owns it; any other kind is not found here).
 */
export function revisionRoutes(
  router: OperationRouter,
  store: RevisionStore,
  restorers: Partial<Record<RevisionEntity, Restorer>>,
): void {
  const restorerOf = (entity: RevisionEntity, admin: AdminUser | null): Restorer => {
    // x-role lets editors in for the posts, products and pages they edit; the settings' history is the owner's.
    if (admin?.role !== "owner" && !EDITOR_ENTITIES.has(entity))
      throw forbidden(`Only owner accounts may see or restore ${entity} revisions`);
    const restorer = restorers[entity];
    if (!restorer) throw notFound(`No ${entity} revisions here`);
    return restorer;
  };

  router.on("listRevisions", async (ctx, { params, admin }) => {
    restorerOf(params.entity, admin);
    ctx.body = { revisions: await store.list(params.entity, params.entityId) };
  });

  router.on("restoreRevision", async (ctx, { params, admin }) => {
    const restore = restorerOf(params.entity, admin);
    const revision = await store.find<Record<string, unknown>>(params.entity, params.entityId, params.revisionId);
    if (!revision) throw notFound("Revision not found");
    const [current] = await store.list(params.entity, params.entityId);
    const saved = await restore(params.entityId, revision.snapshot, admin!);
    if (!saved) throw notFound("The item no longer exists");
    ctx.state.audit = {
      target: { entity: params.entity, id: params.entityId },
      before: current?.snapshot,
      after: saved,
    };
    const id = await store.record({
      entity: params.entity,
      entityId: params.entityId,
      actor: admin,
      after: saved,
      restoredFrom: revision.id,
    });
    const restored = id === null ? undefined : await store.find(params.entity, params.entityId, id);
    if (!restored) throw notFound("Revision not found");
    ctx.body = restored;
  });
}

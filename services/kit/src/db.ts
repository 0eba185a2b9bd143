import path from "node:path";
import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import knexFactory, { type Knex } from "knex";
import type ClientPgLiteType from "knex-pglite";
import pg from "pg";

export type { Knex };

// PostgreSQL numeric and bigint arrive as strings by default; counts are small enough for numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
// A calendar date stays the YYYY-MM-DD text PostgreSQL sends: as a JS Date it would be local midnight.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

export interface DbOptions {
  databaseUrl?: string;
  dataDir: string;
  poolMax?: number;
  /**
   * PGlite in memory instead of in dataDir, never shared: for tests, where a database on disk only
   * costs time (PGlite's initdb writes some 25 MB; in memory it starts two to three times faster).
   */
  inMemory?: boolean;
}

const embedded = new Map<string, Knex>();

/**
 * PostgreSQL when a URL is given, otherwise embedded PGlite in dataDir. PGlite is a single
 * connection, so every service of the embedded process shares one knex instance over it.
 */
export function createDb(options: DbOptions): Knex {
  if (options.databaseUrl) {
    return knexFactory({
      client: "pg",
      // JIT off unless the URL asks for it (`?options=-c%20jit%3Don`, which wins over this): compiling
      // a report's plan took 4 s of CPU to save a fraction of its 0.7 s scan of a year's events (a
      // filtered report over ten million events: 2.2 s with JIT, 0.74 s without), and no query of the
      // site runs long enough for compiled code to pay back.
      connection: { connectionString: options.databaseUrl, options: "-c jit=off" },
      pool: { min: 0, max: options.poolMax ?? 10 },
    });
  }
  if (options.inMemory) return pgliteKnex("memory://");
  const dir = path.resolve(options.dataDir, "pglite");
  const existing = embedded.get(dir);
  if (existing) return existing;
  mkdirSync(dir, { recursive: true });
  const db = pgliteKnex(dir);
  embedded.set(dir, db);
  return db;
}

/**
 * Whether the database is embedded PGlite: one process in single-user mode, with no background
 * workers, so no autovacuum gathers its statistics.
 */
export function isEmbedded(db: Knex): boolean {
  return (db.client as { config: { client?: unknown } }).config.client !== "pg";
}

const requireModule = createRequire(import.meta.url);

/**
 * PGlite (PostgreSQL compiled to WebAssembly) is loaded here, on first use, and never by a process
 * given DATABASE_URL: the services, the worker and migrations in production do not load it.
 */
function pgliteKnex(filename: string): Knex {
  const ClientPgLite = requireModule("knex-pglite") as typeof ClientPgLiteType;
  /**
   * knex-pglite names a delete's command after knex's method ("DEL"), which knex's PostgreSQL client
   * does not take for a DELETE: it answered PGlite's whole result object where PostgreSQL answers the
   * number of rows deleted.
   */
  class PgLiteClient extends ClientPgLite {
    processResponse(obj: { method?: string }, runner: unknown): unknown {
      const base = ClientPgLite.prototype as unknown as { processResponse(obj: unknown, runner: unknown): unknown };
      return base.processResponse.call(this, obj.method === "del" ? { ...obj, method: "delete" } : obj, runner);
    }
  }
  return knexFactory({ client: PgLiteClient, dialect: "postgres", connection: { filename } });
}

export async function closeDb(db: Knex): Promise<void> {
  for (const [dir, instance] of embedded) if (instance === db) embedded.delete(dir);
  await db.destroy();
}

export interface Migration {
  name: string;
  up(db: Knex): Promise<void>;
  down(db: Knex): Promise<void>;
}

/** Runs a service's migrations inside its own schema, recording them in that schema too. */
export async function migrate(db: Knex, schema: string, migrations: Migration[]): Promise<string[]> {
  await db.raw("create schema if not exists ??", [schema]);
  const source: Knex.MigrationSource<Migration> = {
    getMigrations: async () => migrations,
    getMigrationName: (migration) => migration.name,
    getMigration: async (migration) => migration,
  };
  const [, applied] = (await db.migrate.latest({
    schemaName: schema,
    tableName: "knex_migrations",
    migrationSource: source,
  })) as [number, string[]];
  return applied;
}

export async function ping(db: Knex): Promise<void> {
  await db.raw("select 1");
}

/** PostgreSQL's unique_violation: an insert or update hit a unique index (a slug or email in use). */
/**
 * PostgreSQL refused the row itself (SQLSTATE class 22, data exception, or 23, integrity
 * constraint), as opposed to the connection or the server failing: retrying it cannot help.
 */
export function isRowRefused(error: unknown): boolean {
  const code = typeof error === "object" && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === "string" && (code.startsWith("22") || code.startsWith("23"));
}

const UNREACHABLE = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * The database itself is away (refusing connections, shutting down or starting up, a connection cut,
 * no connection free in time), as opposed to refusing the request: worth a 503 and a retry, not a 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, name, message } = error as { code?: unknown; name?: unknown; message?: unknown };
  if (typeof code === "string") {
    // SQLSTATE 08: connection exception; 57P01-57P03: admin or crash shutdown, cannot connect now.
    return UNREACHABLE.has(code) || code.startsWith("08") || /^57P0[123]$/.test(code);
  }
  return (
    name === "KnexTimeoutError" ||
    (typeof message === "string" && /^Connection terminated|^Client has encountered a connection error/.test(message))
  );
}

export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: string }).code === "23505";
}

type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;
type SnakeCase<S extends string> = S extends `${infer First}${infer Rest}`
  ? `${First extends Lowercase<First> ? First : `_${Lowercase<First>}`}${SnakeCase<Rest>}`
  : S;

/** A row's columns under the API's field names (`image_url` → `imageUrl`). */
export type FromColumns<Row> = { [K in keyof Row as K extends string ? CamelCase<K> : K]: Row[K] };
/** Fields under their column names (`imageUrl` → `image_url`). */
export type ToColumns<Values> = { [K in keyof Values as K extends string ? SnakeCase<K> : K]: Values[K] };

const camelCase = (column: string) => column.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
/** A field's column name (`imageUrl` → `image_url`). */
export const snakeCase = (field: string) => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/**
 * Tables use snake_case columns, the contract camelCase fields: every repository maps rows through
 * these two and writes out only the columns whose values need converting (dates, numerics, JSON).
 */
export function fromColumns<Row extends object>(row: Row): FromColumns<Row> {
  return Object.fromEntries(
    Object.entries(row).map(([column, value]) => [camelCase(column), value]),
  ) as FromColumns<Row>;
}

/** The reverse of fromColumns; undefined fields are left out, so an update leaves those columns alone. */
export function toColumns<Values extends object>(values: Values): ToColumns<Values> {
  return Object.fromEntries(
    Object.entries(values)
      .filter(([, value]) => value !== undefined)
      .map(([field, value]) => [snakeCase(field), value]),
  ) as ToColumns<Values>;
}

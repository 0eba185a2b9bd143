import { afterAll, describe, expect, it } from "vitest";
import { createDb, type Knex } from "./db.js";

describe("connections to PostgreSQL", () => {
  const made: Knex[] = [];
  const connect = (databaseUrl: string) => {
    const db = createDb({ databaseUrl, dataDir: ".data" });
    made.push(db);
    return db;
  };
  const jit = async (db: Knex) => ((await db.raw("show jit")).rows as Array<{ jit: string }>)[0]!.jit;
  afterAll(async () => {
    await Promise.all(made.map((db) => db.destroy()));
  });

  it("run without JIT compilation, which cost reports more than it saved", async () => {
    const server = connect(process.env.DATABASE_URL!);
    // The server's own default is on: the setting comes from the connection.
    expect(
      (
        (await server.raw("select boot_val from pg_settings where name = 'jit'")).rows as Array<{ boot_val: string }>
      )[0]!.boot_val,
    ).toBe("on");
    expect(await jit(server)).toBe("off");
  });

  it("take the URL's own options over that default", async () => {
    const url = new URL(process.env.DATABASE_URL!);
    url.searchParams.set("options", "-c jit=on");
    expect(await jit(connect(url.toString()))).toBe("on");
  });
});

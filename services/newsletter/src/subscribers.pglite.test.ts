import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { closeDb, createDb, migrate, type Knex } from "@rsv/kit";
import type { SignUp } from "./repository/subscribers.repository.js";
import { newsletterService } from "./service.js";
import { SubscribersRepository } from "./repository/subscribers.repository.js";

const signUp = (email: string): SignUp => ({ email, language: "en", sourcePath: "/", singleOptIn: true });

describe("subscribers repository over embedded PGlite", () => {
  let dir: string;
  let db: Knex;
  let subscribers: SubscribersRepository;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "rsv-newsletter-"));
    db = createDb({ dataDir: dir, inMemory: true });
    await migrate(db, newsletterService.schema, newsletterService.migrations);
    subscribers = new SubscribersRepository(db);
  }, 60_000);

  afterAll(async () => {
    await closeDb(db);
    rmSync(dir, { recursive: true, force: true });
  });

  const row = (email: string) => db("newsletter.subscribers").where({ email }).first();

  it("creates once, and a second sign-up adds nothing", async () => {
    await subscribers.subscribe(signUp("ana@example.org"));
    await subscribers.subscribe(signUp("ana@example.org"));
    expect(
      await db("newsletter.subscribers").where({ email: "ana@example.org" }).count<{ n: number }[]>({ n: "*" }),
    ).toEqual([{ n: 1 }]);
  });

  it("unsubscribes by token, and a later sign-up does not re-activate the address", async () => {
    await subscribers.subscribe(signUp("ben@example.org"));
    const before = await row("ben@example.org");
    expect(await subscribers.unsubscribe(before.unsubscribe_token)).toBe("en");
    expect(await row("ben@example.org")).toMatchObject({ status: "unsubscribed" });
    expect(await subscribers.activeEmails()).not.toContain("ben@example.org");
    expect(await subscribers.unsubscribe("no-such-token")).toBeUndefined();

    await subscribers.subscribe(signUp("ben@example.org"));
    const after = await row("ben@example.org");
    expect(after).toMatchObject({ status: "unsubscribed", unsubscribe_token: before.unsubscribe_token });
    expect(after.unsubscribed_at).not.toBeNull();
    expect(await subscribers.activeEmails()).not.toContain("ben@example.org");
  });

  it("hands the export each subscriber's consent record: language, dates and the page they signed up on", async () => {
    await subscribers.subscribe({
      email: "dora@example.org",
      language: "es",
      sourcePath: "/es/guia",
      singleOptIn: false,
    });
    expect((await subscribers.ofStatus("pending")).map((s) => s.email)).toContain("dora@example.org");
    expect((await subscribers.ofStatus()).map((s) => s.email)).not.toContain("dora@example.org");
    await db("newsletter.subscribers")
      .where({ email: "dora@example.org" })
      .update({
        status: "confirmed",
        confirmed_at: db.raw("subscribed_at + interval '5 minutes'"),
      });
    const dora = (await subscribers.ofStatus()).find((s) => s.email === "dora@example.org");
    expect(dora).toMatchObject({ language: "es", status: "confirmed", sourcePath: "/es/guia", unsubscribedAt: null });
    expect(Date.parse(dora!.confirmedAt!) - Date.parse(dora!.subscribedAt)).toBe(300_000);
  });

  it("lists newest first and deletes by id", async () => {
    await subscribers.subscribe(signUp("cy@example.org"));
    const list = await subscribers.list();
    expect(list[0]!.email).toBe("cy@example.org");
    expect(await subscribers.delete(list[0]!.id)).toBe(true);
    expect(await subscribers.delete(list[0]!.id)).toBe(false);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Knex } from "@rsv/kit";
import { openRepositoryDatabase, repositoryDatabases } from "@rsv/kit/testing";
import type { SignUp } from "./subscribers.repository.js";
import { newsletterService } from "../service.js";
import { SubscribersRepository } from "./subscribers.repository.js";

// One suite on both drivers: embedded mode's PGlite and the topology's PostgreSQL.
const signUp = (email: string): SignUp => ({ email, language: "en", sourcePath: "/", singleOptIn: true });

describe.each(repositoryDatabases)("newsletter's subscribers repository on %s", (kind) => {
  let db: Knex;
  let close = async () => {};
  let subscribers: SubscribersRepository;

  beforeAll(async () => {
    ({ db, close } = await openRepositoryDatabase(kind, newsletterService));
    subscribers = new SubscribersRepository(db);
    // PGlite starts PostgreSQL in WebAssembly: seconds alone, over a minute beside other suites on a loaded machine.
  }, 180_000);

  afterAll(() => close());

  const tokenOf = async (email: string) =>
    (await db("newsletter.subscribers").where({ email }).first<{ unsubscribe_token: string }>())!.unsubscribe_token;

  it("subscribes an address once, listing it active", async () => {
    await subscribers.subscribe(signUp("once@example.com"));
    await subscribers.subscribe(signUp("once@example.com"));
    const listed = (await subscribers.list()).filter((s) => s.email === "once@example.com");
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ status: "confirmed" });
    expect(await subscribers.activeEmails()).toContain("once@example.com");
  });

  it("unsubscribes by token (true), and answers false for an unknown token", async () => {
    await subscribers.subscribe(signUp("leaving@example.com"));
    expect(await subscribers.unsubscribe(await tokenOf("leaving@example.com"))).toBe("en");
    expect(await subscribers.activeEmails()).not.toContain("leaving@example.com");
    expect(await subscribers.unsubscribe("no-such-token")).toBeUndefined();
  });

  it("deletes a subscriber that exists (true), and answers false for one that does not", async () => {
    await subscribers.subscribe(signUp("deleted@example.com"));
    const { id } = (await subscribers.list()).find((s) => s.email === "deleted@example.com")!;
    expect(await subscribers.delete(id)).toBe(true);
    expect((await subscribers.list()).map((s) => s.id)).not.toContain(id);
    expect(await subscribers.delete(id)).toBe(false);
  });
});

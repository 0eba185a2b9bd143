import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Knex } from "@rsv/kit";
import { openRepositoryDatabase, repositoryDatabases } from "@rsv/kit/testing";
import { newsletterService } from "../service.js";
import { CampaignsRepository } from "./campaigns.repository.js";
import { SubscribersRepository } from "./subscribers.repository.js";

const copy = { subject: { en: "Hello", es: "Hola" }, body: { en: "Body", es: "Cuerpo" } };

// One suite on both drivers: embedded mode's PGlite and the topology's PostgreSQL.
describe.each(repositoryDatabases)("newsletter's double opt-in and campaigns on %s", (kind) => {
  let db: Knex;
  let close = async () => {};
  let subscribers: SubscribersRepository;
  let campaigns: CampaignsRepository;

  beforeAll(async () => {
    ({ db, close } = await openRepositoryDatabase(kind, newsletterService));
    subscribers = new SubscribersRepository(db);
    campaigns = new CampaignsRepository(db);
  }, 180_000);

  afterAll(() => close());

  const statusOf = async (email: string) =>
    (await db("newsletter.subscribers").where({ email }).first<{ status: string }>())!.status;

  it("stores a sign-up pending with its language and page, and its link confirms once", async () => {
    const due = await subscribers.subscribe({
      email: "pending@example.com",
      language: "es",
      sourcePath: "/es/faq",
      singleOptIn: false,
    });
    expect(due).toMatchObject({ email: "pending@example.com", language: "es" });
    const row = await db("newsletter.subscribers").where({ email: "pending@example.com" }).first();
    expect(row).toMatchObject({ status: "pending", language: "es", source_path: "/es/faq" });
    // Only a hash of the link's secret is stored.
    expect(row.confirm_token_hash).not.toBe(due!.token);
    expect(row.confirm_token_hash).toMatch(/^[0-9a-f]{64}$/);

    expect(await subscribers.confirm(due!.token)).toEqual({ confirmed: true, language: "es" });
    expect(await statusOf("pending@example.com")).toBe("confirmed");
    // Used, the link confirms nothing more but is still known as theirs: its page speaks their language.
    expect(await subscribers.confirm(due!.token)).toEqual({ confirmed: false, language: "es" });
    expect(await subscribers.confirm("never-issued")).toEqual({ confirmed: false, language: undefined });
  });

  it("refuses an expired link and sends a pending address a new one at most every 10 minutes", async () => {
    const first = await subscribers.subscribe({
      email: "slow@example.com",
      language: "en",
      sourcePath: null,
      singleOptIn: false,
    });
    expect(
      await subscribers.subscribe({ email: "slow@example.com", language: "en", sourcePath: null, singleOptIn: false }),
    ).toBeUndefined();
    await db("newsletter.subscribers")
      .where({ email: "slow@example.com" })
      .update({
        confirm_expires_at: db.raw("now() - interval '1 second'"),
        confirmation_sent_at: db.raw("now() - interval '11 minutes'"),
      });
    expect(await subscribers.confirm(first!.token)).toEqual({ confirmed: false, language: "en" });
    const again = await subscribers.subscribe({
      email: "slow@example.com",
      language: "es",
      sourcePath: null,
      singleOptIn: false,
    });
    expect(again?.token).toBeDefined();
    expect(again?.token).not.toBe(first!.token);
    expect(await subscribers.confirm(again!.token)).toEqual({ confirmed: true, language: "es" });
  });

  it("starts a due campaign for confirmed subscribers only, and lets each delivery be claimed once", async () => {
    await subscribers.subscribe({ email: "reader@example.com", language: "en", sourcePath: null, singleOptIn: true });
    await subscribers.subscribe({ email: "waiting@example.com", language: "en", sourcePath: null, singleOptIn: false });
    const campaign = await campaigns.create(copy);
    const scheduled = await campaigns.schedule(campaign.id, null);
    expect(scheduled).toMatchObject({ status: "scheduled" });
    expect(await campaigns.startDue()).toEqual([campaign.id]);
    expect(await campaigns.startDue()).toEqual([]);

    const queued = await campaigns.queuedSubscribers(campaign.id);
    const confirmed = (await subscribers.list("confirmed")).map((s) => s.id);
    expect(queued.sort()).toEqual(confirmed.sort());
    const [subscriberId] = queued;
    const job = { campaignId: campaign.id, subscriberId: subscriberId! };
    const claims = await Promise.all([1, 2, 3].map(() => campaigns.claim([job])));
    expect(claims.filter((claimed) => claimed.size === 1)).toHaveLength(1);
    // A job run again after a crash finds the row claimed: outcome unknown, never sent again.
    expect(await campaigns.markInterrupted(campaign.id, subscriberId!)).toBe(true);
    expect((await campaigns.claim([job])).size).toBe(0);
    expect(await campaigns.update(campaign.id, copy)).toBe("locked");
  });

  it("pauses, resumes and cancels, and marks a campaign sent once nothing waits", async () => {
    await subscribers.subscribe({ email: "one@example.com", language: "es", sourcePath: null, singleOptIn: true });
    const campaign = await campaigns.create(copy);
    await campaigns.schedule(campaign.id, null);
    await campaigns.startDue();
    const [first, ...rest] = await campaigns.queuedSubscribers(campaign.id);
    expect(await campaigns.transition(campaign.id, ["sending"], "paused")).toMatchObject({ status: "paused" });
    expect((await campaigns.claim([{ campaignId: campaign.id, subscriberId: first! }])).size).toBe(0);
    expect(await campaigns.transition(campaign.id, ["paused"], "sending")).toMatchObject({ status: "sending" });
    const claimed = await campaigns.claim(
      [first!, ...rest].map((subscriberId) => ({ campaignId: campaign.id, subscriberId })),
    );
    expect(claimed.size).toBe(rest.length + 1);
    expect([...claimed.values()][0]!.recipient).toMatchObject({ confirmed: true });
    await campaigns.finish([...claimed.values()].map((claim) => ({ id: claim.id, status: "sent" as const })));
    expect(await campaigns.completeIfDone(campaign.id)).toBe(true);
    const done = await campaigns.get(campaign.id);
    expect(done).toMatchObject({ status: "sent", counts: { queued: 0, failed: 0 } });
    expect(done!.counts.sent).toBe(rest.length + 1);
    expect(await campaigns.transition(campaign.id, ["draft", "scheduled", "sending", "paused"], "cancelled")).toBe(
      "locked",
    );
  });

  it("keeps a campaign's counts when its readers are erased, and completes it", async () => {
    const emails = ["kept-1@example.com", "kept-2@example.com", "kept-3@example.com"];
    for (const email of emails)
      await subscribers.subscribe({ email, language: "en", sourcePath: null, singleOptIn: true });
    const listed = await subscribers.list();
    const ids = emails.map((email) => listed.find((s) => s.email === email)!.id);
    const campaign = await campaigns.create(copy);
    await campaigns.schedule(campaign.id, null);
    await campaigns.startDue();
    const all = await campaigns.queuedSubscribers(campaign.id);
    expect(all).toEqual(expect.arrayContaining(ids));
    // The first is sent, with an error text quoting nobody; the second in flight; the third waits.
    const claimed = await campaigns.claim(
      ids.slice(0, 2).map((subscriberId) => ({ campaignId: campaign.id, subscriberId })),
    );
    const [sent] = [...claimed.values()].filter((claim) => claim.recipient.email === emails[0]);
    await campaigns.finish([{ id: sent!.id, status: "sent" }]);
    await db("newsletter.deliveries").where({ id: sent!.id }).update({ last_error: "451 kept-1@example.com later" });
    const before = (await campaigns.get(campaign.id))!.counts;

    for (const id of ids) expect(await subscribers.delete(id)).toBe(true);
    // The message in flight comes back refused for now (a 451): nobody is left to try again for.
    const [inFlight] = [...claimed.values()].filter((claim) => claim.recipient.email === emails[1]);
    await campaigns.finish([{ id: inFlight!.id, status: "queued", error: "451 kept-2@example.com greylisted" }]);
    const after = (await campaigns.get(campaign.id))!.counts;
    expect(after.total).toBe(before.total);
    expect(after.sent).toBe(before.sent);
    expect(after.queued).toBe(before.queued - 2);
    const rows = await db("newsletter.deliveries").where({ campaign_id: campaign.id }).whereNull("subscriber_id");
    expect(rows.map((row: { status: string }) => row.status).sort()).toEqual(["cancelled", "cancelled", "sent"]);
    expect(JSON.stringify(rows)).not.toContain("@example.com");
    // Nothing of theirs waits: the campaign is done once the others are.
    await campaigns.finish(
      [
        ...(
          await campaigns.claim(
            (await campaigns.queuedSubscribers(campaign.id)).map((subscriberId) => ({
              campaignId: campaign.id,
              subscriberId,
            })),
          )
        ).values(),
      ].map((claim) => ({ id: claim.id, status: "sent" as const })),
    );
    expect(await campaigns.completeIfDone(campaign.id)).toBe(true);
  });

  it("erases a subscriber with their outbox messages", async () => {
    await subscribers.subscribe({ email: "erase@example.com", language: "en", sourcePath: null, singleOptIn: true });
    const { id } = (await subscribers.list()).find((s) => s.email === "erase@example.com")!;
    await db("newsletter.outbox").insert({
      kind: "confirmation",
      subscriber_id: id,
      to_address: "erase@example.com",
      subject: "s",
      headers: "{}",
      html: "",
      text: "",
    });
    await db("newsletter.outbox").insert({
      kind: "test",
      to_address: "erase@example.com",
      subject: "s",
      headers: "{}",
      html: "",
      text: "",
    });
    expect(await subscribers.delete(id)).toBe(true);
    expect(await db("newsletter.outbox").where({ to_address: "erase@example.com" })).toEqual([]);
  });
});

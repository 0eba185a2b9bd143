import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, createDb, type Knex } from "@rsv/kit";
import { adminCookie, assertMatchesSpec, call } from "@rsv/kit/testing";

interface ErrorBody {
  error: { code: string; message: string; details?: Array<{ path: string; message: string }> };
}
interface Subscriber {
  id: number;
  email: string;
  subscribedAt: string;
  status: string;
  language: string;
  sourcePath: string | null;
}

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
const today = () => new Date().toISOString().slice(0, 10);

async function subscribe(json: unknown) {
  const response = await call<{ status: string; email: string } & ErrorBody>("POST", "/api/newsletter", { json });
  assertMatchesSpec("subscribe", response);
  return response;
}

describe("newsletter through the nginx gateway", () => {
  let db: Knex;
  let cookie: string;

  beforeAll(async () => {
    db = createDb({ databaseUrl: process.env.DATABASE_URL, dataDir: ".data", poolMax: 2 });
    cookie = await adminCookie();
  });

  afterAll(async () => {
    await db("newsletter.subscribers").where("email", "like", "nl-test-%").delete();
    await closeDb(db);
  });

  const rows = (email: string) => db("newsletter.subscribers").where({ email });
  const admin = async <T>(operationId: string, method: string, path: string, withCookie = true) => {
    const response = await call<T & ErrorBody>(method, path, { headers: withCookie ? { cookie } : {} });
    assertMatchesSpec(operationId, response);
    return response;
  };

  it("normalises the address: surrounding whitespace dropped, lower-cased", async () => {
    const local = `nl-test-${unique()}`;
    const response = await subscribe({ email: `  ${local.toUpperCase()}@Example.COM `, isActive: true });
    expect(response.status).toBe(202);
    expect(response.body).toEqual({ status: "received", email: `${local}@example.com` });
    expect(await rows(`${local}@example.com`)).toHaveLength(1);
  });

  it("answers a second sign-up exactly as the first, so nobody learns who is subscribed", async () => {
    const email = `nl-test-${unique()}@example.com`;
    const first = await subscribe({ email });
    const again = await subscribe({ email: email.toUpperCase() });
    expect([first.status, again.status]).toEqual([202, 202]);
    expect(again.body).toEqual(first.body);
    expect(await rows(email)).toHaveLength(1);
  });

  it("ends 200 concurrent sign-ups of 20 addresses, in case and whitespace variants, as exactly 20 rows", async () => {
    const run = unique();
    const emails = Array.from({ length: 20 }, (_, i) => `nl-burst-${run}-${i}@example.com`);
    const variants = (email: string, k: number) =>
      [email, email.toUpperCase(), `  ${email} `, `\t${email}`, email.replace("nl", "NL")][k % 5]!;
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, k) => subscribe({ email: variants(emails[k % 20]!, Math.floor(k / 20)) })),
    );
    expect(responses.every((r) => r.status === 202)).toBe(true);
    const [count] = await db("newsletter.subscribers").whereIn("email", emails).count<{ n: number }[]>({ n: "*" });
    expect(count?.n).toBe(20);
  });

  it("ends 20 concurrent identical sign-ups as one row", async () => {
    const email = `nl-test-${unique()}@example.com`;
    const responses = await Promise.all(Array.from({ length: 20 }, () => subscribe({ email })));
    expect(responses.every((r) => r.status === 202)).toBe(true);
    const [count] = await db("newsletter.subscribers").where({ email }).count<{ n: number }[]>({ n: "*" });
    expect(count?.n).toBe(1);
  });

  it("rejects an invalid address with the 400 envelope", async () => {
    for (const email of ["not-an-email", "ana@example", "ana @example.com", "", "   "]) {
      const response = await subscribe({ email });
      expect(response.status, JSON.stringify(email)).toBe(400);
      expect(response.body.error.code).toBe("validation_failed");
      expect(response.body.error.details).toEqual([
        { path: "body.email", message: "Please enter a valid email address." },
      ]);
    }
    const missing = await subscribe({ isActive: true });
    expect(missing.status).toBe(400);
    expect(missing.body.error.details?.[0]?.path).toBe("body.email");
    expect((await subscribe({ email: `nl-test-${unique()}@example.com`, extra: 1 })).status).toBe(400);
  });

  it("keeps the list, removal and export for the admin (401 without the cookie)", async () => {
    expect((await admin("listSubscribers", "GET", "/api/newsletter", false)).status).toBe(401);
    expect((await admin("deleteSubscriber", "DELETE", "/api/newsletter/1", false)).status).toBe(401);
    const anonymousExport = await admin("exportSubscribers", "GET", "/api/newsletter/export", false);
    expect(anonymousExport.status).toBe(401);
    expect(anonymousExport.body.error.code).toBe("unauthorized");
  });

  it("lists subscribers newest first for the admin and removes one by id", async () => {
    const first = `nl-test-${unique()}@example.com`;
    const second = `nl-test-${unique()}@example.com`;
    await subscribe({ email: first });
    await subscribe({ email: second });
    const list = await admin<Subscriber[]>("listSubscribers", "GET", "/api/newsletter");
    expect(list.status).toBe(200);
    const emails = list.body.map((s) => s.email);
    expect(emails.indexOf(second)).toBeGreaterThanOrEqual(0);
    expect(emails.indexOf(second)).toBeLessThan(emails.indexOf(first));
    const target = list.body.find((s) => s.email === second)!;
    expect(target).toMatchObject({ status: "pending", language: "en" });

    expect((await admin("deleteSubscriber", "DELETE", `/api/newsletter/${target.id}`)).status).toBe(204);
    expect(await rows(second)).toHaveLength(0);
    const gone = await admin("deleteSubscriber", "DELETE", `/api/newsletter/${target.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.error.code).toBe("not_found");
    expect((await admin("deleteSubscriber", "DELETE", "/api/newsletter/abc")).status).toBe(400);
  });

  it("exports active addresses one per line in a dated attachment", async () => {
    const active = `nl-test-${unique()}@example.com`;
    const leaving = `nl-test-${unique()}@example.com`;
    await subscribe({ email: active });
    await subscribe({ email: leaving });
    // Only confirmed addresses are exported by default: the confirmation link is followed here by hand.
    await db("newsletter.subscribers").where({ email: active }).update({ status: "confirmed" });
    const [{ unsubscribe_token: token }] = await rows(leaving);
    expect((await call("POST", "/api/newsletter/unsubscribe", { json: { token } })).status).toBe(200);

    const before = today();
    const response = await admin<string>("exportSubscribers", "GET", "/api/newsletter/export");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    const disposition = response.headers.get("content-disposition")!;
    expect(disposition).toMatch(/^attachment; filename="subscribers-\d{4}-\d{2}-\d{2}\.txt"$/);
    expect([before, today()]).toContain(/subscribers-(.{10})\.txt/.exec(disposition)![1]);
    expect(response.text.endsWith("\n")).toBe(true);
    const lines = response.text.slice(0, -1).split("\n");
    for (const line of lines) expect(line).toMatch(/^[^\s@]+@[^\s@]+\.[^\s@]+$/);
    expect(lines).toContain(active);
    expect(lines).not.toContain(leaving);
    expect(new Set(lines).size).toBe(lines.length);
  });

  it("unsubscribes by token, and a later sign-up neither re-activates the address nor says so", async () => {
    const email = `nl-test-${unique()}@example.com`;
    await subscribe({ email });
    const [{ unsubscribe_token: token }] = await rows(email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const response = await call<{ status: string }>("POST", "/api/newsletter/unsubscribe", { json: { token } });
    assertMatchesSpec("unsubscribe", response);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: "unsubscribed" });
    const list = await admin<Subscriber[]>("listSubscribers", "GET", "/api/newsletter");
    expect(list.body.find((s) => s.email === email)?.status).toBe("unsubscribed");

    const back = await subscribe({ email });
    expect(back.status).toBe(202);
    expect(back.body).toEqual({ status: "received", email });
    expect(await rows(email)).toMatchObject([{ status: "unsubscribed", unsubscribe_token: token }]);
  });

  it("answers 404 for an unknown token and 400 for a missing one", async () => {
    const unknown = await call<ErrorBody>("POST", "/api/newsletter/unsubscribe", {
      json: { token: `nope-${unique()}` },
    });
    assertMatchesSpec("unsubscribe", unknown);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe("not_found");

    const missing = await call<ErrorBody>("POST", "/api/newsletter/unsubscribe", { json: {} });
    assertMatchesSpec("unsubscribe", missing);
    expect(missing.status).toBe(400);
  });
});

import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
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

  it("exports confirmed subscribers as a dated CSV with their language, consent dates and sign-up page", async () => {
    const active = `nl-test-${unique()}@example.com`;
    const leaving = `nl-test-${unique()}@example.com`;
    await subscribe({ email: active, language: "es", sourcePath: "/es/preguntas-frecuentes" });
    await subscribe({ email: leaving });
    // Only confirmed addresses are exported by default: the confirmation link is followed here by hand.
    await db("newsletter.subscribers")
      .where({ email: active })
      .update({ status: "confirmed", confirmed_at: db.fn.now() });
    const [{ unsubscribe_token: token }] = await rows(leaving);
    expect((await call("POST", "/api/newsletter/unsubscribe", { json: { token } })).status).toBe(200);

    const before = today();
    const response = await admin<string>("exportSubscribers", "GET", "/api/newsletter/export");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const disposition = response.headers.get("content-disposition")!;
    expect(disposition).toMatch(/^attachment; filename="subscribers-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect([before, today()]).toContain(/subscribers-(.{10})\.csv/.exec(disposition)![1]);
    expect(response.text.endsWith("\r\n")).toBe(true);
    const [header, ...lines] = response.text
      .replace(/^\uFEFF/, "")
      .slice(0, -2)
      .split("\r\n");
    expect(header).toBe("email,language,status,subscribed_at,confirmed_at,unsubscribed_at,bounced_at,source_path");
    const [stored] = await rows(active);
    expect(lines).toContain(
      [
        active,
        "es",
        "confirmed",
        new Date(stored.subscribed_at).toISOString(),
        new Date(stored.confirmed_at).toISOString(),
        "",
        "",
        "/es/preguntas-frecuentes",
      ].join(","),
    );
    for (const line of lines) expect(line.split(",")[2]).toBe("confirmed");
    expect(lines.some((line) => line.startsWith(`${leaving},`))).toBe(false);
    const unsubscribed = await admin<string>("exportSubscribers", "GET", "/api/newsletter/export?status=unsubscribed");
    expect(unsubscribed.headers.get("content-disposition")).toMatch(/filename="subscribers-unsubscribed-.{10}\.csv"/);
    // Never confirmed, then gone: no confirmation date, the unsubscription's, and no page it came from.
    const left = unsubscribed.text.split("\r\n").find((line) => line.startsWith(`${leaving},`));
    expect(left).toMatch(/^[^,]+,en,unsubscribed,\d{4}-[^,]+,,\d{4}-[^,]+,,$/);
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
    // The emailed link, followed again, says so rather than offering the button once more.
    const page = await call<string>("GET", `/api/newsletter/unsubscribe/${token}`);
    assertMatchesSpec("showUnsubscribe", page);
    expect(page.status).toBe(200);
    expect(page.text).toContain("You are unsubscribed");
    expect(page.text).not.toContain("<form");

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

  interface OutboxBody {
    smtp: boolean;
    messages: Array<{ to: string; kind: string; subject: string; text: string; headers: Record<string, string> }>;
  }
  interface CampaignBody {
    id: number;
    status: string;
    counts: { total: number; queued: number; sent: number; failed: number; bounced: number };
  }
  const send = async <T>(operationId: string, method: string, path: string, json?: unknown) => {
    const response = await call<T & ErrorBody>(method, path, { json, headers: { cookie } });
    assertMatchesSpec(operationId, response);
    return response;
  };
  const outboxTo = async (email: string) =>
    (await send<OutboxBody>("listOutbox", "GET", "/api/newsletter/outbox")).body.messages.filter((m) => m.to === email);

  it("keeps the confirmation in the outbox without SMTP, in the page's language, and its link confirms once", async () => {
    const email = `nl-test-${unique()}@example.com`;
    const response = await subscribe({ email, language: "es", sourcePath: "/es/preguntas-frecuentes" });
    expect(response.status).toBe(202);
    await vi.waitFor(async () => expect(await outboxTo(email)).toHaveLength(1), { timeout: 20_000 });
    const outbox = await send<OutboxBody>("listOutbox", "GET", "/api/newsletter/outbox");
    expect(outbox.body.smtp).toBe(false);
    const [message] = await outboxTo(email);
    // Named as the site's settings name the site.
    const { siteName } = (await call<{ siteName: string }>("GET", "/api/site-settings")).body;
    expect(message).toMatchObject({ kind: "confirmation", subject: `Confirma tu suscripción a ${siteName}` });
    // From the site as its owner named it: MAIL_FROM here is a bare address.
    expect(message!.headers.From).toBe(`"${siteName}" <newsletter@localhost>`);
    expect(message!.headers).toMatchObject({
      "Content-Language": "es",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    const link = /\/api\/newsletter\/confirm\/[A-Za-z0-9_-]+/.exec(message!.text)![0];
    // Fetching the link, as mail scanners and link previews do, only shows the page with its button.
    for (const method of ["GET", "HEAD", "GET"]) expect((await call(method, link)).status, method).toBe(200);
    const shown = await call<string>("GET", link);
    assertMatchesSpec("showConfirmation", shown);
    expect(shown.text).toContain('<form method="post" action="');
    expect(shown.text).toContain("Confirmar mi suscripción");
    expect(await rows(email)).toMatchObject([{ status: "pending" }]);
    const confirmed = await call<string>("POST", link, {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "",
    });
    assertMatchesSpec("confirmSubscription", confirmed);
    expect(confirmed.status).toBe(200);
    expect(confirmed.headers.get("content-type")).toMatch(/^text\/html/);
    expect(confirmed.text).toContain("Suscripción confirmada");
    // Used, the link says so in the subscriber's language, whatever the browser's.
    const used = await call<string>("GET", link, { headers: { "accept-language": "en-US" } });
    expect(used.status).toBe(404);
    expect(used.text).toContain("Este enlace ya no funciona");
    expect((await call("POST", link)).status).toBe(404);
    expect(await rows(email)).toMatchObject([
      { status: "confirmed", language: "es", source_path: "/es/preguntas-frecuentes" },
    ]);
  });

  it("answers a link cut short or followed by a stray character with the reader's page, not JSON", async () => {
    const issued = "vY3kq2J9xW5nR8tZ1mB4cD7fG0hL6pS2uA9eK3oI5wQ";
    const pages = [
      [
        "showConfirmation",
        "GET",
        `/api/newsletter/confirm/${issued.slice(0, 9)}`,
        "es-ES",
        "Este enlace ya no funciona",
      ],
      ["showConfirmation", "GET", `/api/newsletter/confirm/${issued}%29`, "en", "This link no longer works"],
      ["showUnsubscribe", "GET", "/api/newsletter/unsubscribe/short", "es", "Enlace de baja no encontrado"],
      ["showUnsubscribe", "GET", `/api/newsletter/unsubscribe/${issued}.`, "en", "Unsubscribe link not found"],
      ["confirmSubscription", "POST", "/api/newsletter/confirm/cut", "en", "This link no longer works"],
    ] as const;
    for (const [operationId, method, path, language, title] of pages) {
      const answer = await call<string>(method, path, {
        headers: { "accept-language": language, "content-type": "application/x-www-form-urlencoded" },
        body: method === "POST" ? "" : undefined,
      });
      assertMatchesSpec(operationId, answer);
      expect(answer.status, path).toBe(404);
      expect(answer.headers.get("content-type"), path).toMatch(/^text\/html/);
      expect(answer.text, path).toContain(title);
      expect(answer.text, path).toContain('<meta name="viewport"');
    }
    const oneClick = await call<string>("POST", "/api/newsletter/unsubscribe/cut-short", {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    assertMatchesSpec("unsubscribeOneClick", oneClick);
    expect(oneClick.status).toBe(404);
    expect(oneClick.text).toContain("Unsubscribe link not found");
  });

  it("refuses a source path that is not a path on the site", async () => {
    for (const sourcePath of ["https://evil.example/", "/a\r\nX-Evil: 1", "x"]) {
      const response = await subscribe({ email: `nl-test-${unique()}@example.com`, sourcePath });
      expect(response.status, sourcePath).toBe(400);
    }
  });

  it("runs a campaign's life through the contract: draft, test, send, history", async () => {
    const reader = `nl-test-${unique()}@example.com`;
    await subscribe({ email: reader, language: "es" });
    await db("newsletter.subscribers").where({ email: reader }).update({ status: "confirmed" });
    const input = { subject: { en: "Spring issue", es: "Número de primavera" }, body: { en: "Hello", es: "Hola" } };
    const created = await send<CampaignBody>("createCampaign", "POST", "/api/newsletter/campaigns", input);
    expect(created.status).toBe(201);
    expect(created.body.status).toBe("draft");
    const id = created.body.id;
    const updated = await send<CampaignBody>("updateCampaign", "PUT", `/api/newsletter/campaigns/${id}`, {
      ...input,
      body: { en: "Hello again", es: "Hola de nuevo" },
    });
    expect(updated.status).toBe(200);
    const tester = `nl-test-${unique()}@example.com`;
    const test = await send<{ status: string }>("sendTestEmail", "POST", `/api/newsletter/campaigns/${id}/test`, {
      email: tester,
      language: "es",
    });
    expect(test.status).toBe(202);
    expect(test.body).toEqual({ status: "kept" });
    const [testSent] = await outboxTo(tester);
    expect(testSent?.subject).toBe("[Prueba] Número de primavera");
    // The test's unsubscribe link belongs to nobody: its page says it was a test, in the message's language.
    const testLink = /\/api\/newsletter\/unsubscribe\/[A-Za-z0-9_-]+/.exec(testSent!.text)![0];
    expect(testSent!.headers["List-Unsubscribe"]).toContain(testLink);
    const testPage = await call<string>("GET", testLink, { headers: { "accept-language": "en" } });
    assertMatchesSpec("showUnsubscribe", testPage);
    expect(testPage.status).toBe(200);
    expect(testPage.text).toContain("Este era un mensaje de prueba");
    expect(testPage.text).toContain("En la campaña real, el enlace de cada suscriptor lo da de baja");
    expect(testPage.text).not.toContain("no encontrado");
    // A mail client's one-click button on the test answers the same page, and unsubscribes nobody.
    const oneClick = await call<string>("POST", testLink, {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    assertMatchesSpec("unsubscribeOneClick", oneClick);
    expect(oneClick.status).toBe(200);
    expect(oneClick.text).toContain("Este era un mensaje de prueba");
    expect(await rows(reader)).toMatchObject([{ status: "confirmed" }]);

    // A time long passed (a mistyped year), too far ahead, or no real instant sends nothing.
    for (const sendAt of [
      new Date(Date.now() - 3_600_000).toISOString(),
      new Date(Date.now() + 400 * 86_400_000).toISOString(),
      "2026-12-31T23:59:60Z",
    ]) {
      const refused = await send<{ error: { code: string } }>(
        "sendCampaign",
        "POST",
        `/api/newsletter/campaigns/${id}/send`,
        { sendAt },
      );
      expect(refused.status, sendAt).toBe(400);
      expect(refused.body.error.code).toBe("validation_failed");
    }
    expect((await send<CampaignBody>("getCampaign", "GET", `/api/newsletter/campaigns/${id}`)).body.status).toBe(
      "draft",
    );

    const later = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await send<CampaignBody>("sendCampaign", "POST", `/api/newsletter/campaigns/${id}/send`, {
      sendAt: later,
    });
    expect(scheduled.status).toBe(202);
    expect(scheduled.body.status).toBe("scheduled");
    expect(
      (await send<CampaignBody>("pauseCampaign", "POST", `/api/newsletter/campaigns/${id}/pause`)).body.status,
    ).toBe("paused");
    expect(
      (await send<CampaignBody>("resumeCampaign", "POST", `/api/newsletter/campaigns/${id}/resume`)).body.status,
    ).toBe("scheduled");
    const now = await send<CampaignBody>("sendCampaign", "POST", `/api/newsletter/campaigns/${id}/send`, {});
    expect(now.status).toBe(202);
    await vi.waitFor(
      async () =>
        expect((await send<CampaignBody>("getCampaign", "GET", `/api/newsletter/campaigns/${id}`)).body.status).toBe(
          "sent",
        ),
      { timeout: 20_000 },
    );
    const done = await send<CampaignBody>("getCampaign", "GET", `/api/newsletter/campaigns/${id}`);
    expect(done.body.counts.queued).toBe(0);
    expect(done.body.counts.sent).toBe(done.body.counts.total);
    expect((await outboxTo(reader)).map((m) => [m.kind, m.subject])).toContainEqual([
      "campaign",
      "Número de primavera",
    ]);
    const history = await send<CampaignBody[]>("listCampaigns", "GET", "/api/newsletter/campaigns");
    expect(history.body.find((c) => c.id === id)?.status).toBe("sent");

    const late = await send("updateCampaign", "PUT", `/api/newsletter/campaigns/${id}`, input);
    expect(late.status).toBe(409);
    expect((await send("cancelCampaign", "POST", `/api/newsletter/campaigns/${id}/cancel`)).status).toBe(409);
    expect((await send("getCampaign", "GET", "/api/newsletter/campaigns/2147483647")).status).toBe(404);

    // Erasing the reader takes their messages out of the outbox too.
    const [{ id: readerId }] = await rows(reader);
    expect((await send("deleteSubscriber", "DELETE", `/api/newsletter/${readerId}`)).status).toBe(204);
    expect(await outboxTo(reader)).toEqual([]);
  });
});

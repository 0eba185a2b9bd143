import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, createDb, type Knex } from "@rsv/kit";
import { chromiumFlags, chromiumPath } from "../../frontend/e2e/support/chromium.js";
import { call } from "@rsv/kit/testing";
import { TestMailServer, type ReceivedMail } from "../local/mail-server.js";
import { waitFor } from "../local/processes.js";
import { startTopology, type Topology } from "../local/topology.js";

/**
 * The newsletter against a real SMTP server in this process: double opt-in from the English and
 * Spanish pages in Chromium, the RFC 8058 unsubscribe, header injection refused, and campaigns that
 * reach every subscriber exactly once through temporary and permanent refusals, the newsletter
 * process killed mid-way, and the mail server gone for 30 s.
 */

const CONCURRENCY = 5;
const mail = new TestMailServer();
let topology: Topology;
let base: string;
let db: Knex;
let cookie: string;
let browser: Browser;

const admin = <T>(method: string, path: string, json?: unknown) =>
  call<T>(method, path, { baseUrl: base, json, headers: { cookie } });

/** A header as it was written (mailparser turns List-* headers into objects), unfolded. */
const header = (message: ReceivedMail, name: string) => {
  const line = message.parsed.headerLines.find((h) => h.key === name.toLowerCase())?.line ?? "";
  return line
    .slice(line.indexOf(":") + 1)
    .replace(/\r?\n[ \t]+/g, " ")
    .trim();
};

const linkIn = (text: string, path: string) => new RegExp(`${base}${path}[A-Za-z0-9_-]+`).exec(text)?.[0];

const addressesOf = (messages: ReceivedMail[]) => messages.map((m) => m.to);

/** Confirmed subscribers straight into the table: half English, half Spanish. */
async function confirmedSubscribers(run: string, count: number): Promise<Array<{ email: string; language: string }>> {
  await db("newsletter.subscribers").delete();
  const rows = Array.from({ length: count }, (_, i) => ({
    email: `${run}-${i}@example.org`,
    language: i % 2 === 0 ? "en" : "es",
    status: "confirmed",
    unsubscribe_token: randomBytes(32).toString("base64url"),
  }));
  for (let i = 0; i < rows.length; i += 500) await db("newsletter.subscribers").insert(rows.slice(i, i + 500));
  return rows;
}

interface Campaign {
  id: number;
  status: string;
  counts: { total: number; queued: number; sent: number; failed: number; bounced: number };
}

async function startCampaign(run: string): Promise<Campaign> {
  const created = await admin<Campaign>("POST", "/api/newsletter/campaigns", {
    subject: { en: `Issue ${run} EN`, es: `Número ${run} ES` },
    body: {
      en: `Hello **${run}**, see [the best](/go/some-product).`,
      es: `Hola **${run}**, mira [el mejor](/go/some-product).`,
    },
  });
  expect(created.status).toBe(201);
  const sent = await admin<Campaign>("POST", `/api/newsletter/campaigns/${created.body.id}/send`, {});
  expect(sent.status).toBe(202);
  return sent.body;
}

async function finished(id: number, timeoutMs: number): Promise<Campaign> {
  let last: Campaign | undefined;
  await waitFor(
    `campaign ${id} sent`,
    async () => {
      last = (await admin<Campaign>("GET", `/api/newsletter/campaigns/${id}`)).body;
      if (last.status !== "sent") throw new Error(JSON.stringify(last));
    },
    timeoutMs,
  );
  return last!;
}

/** Resolves once `count` messages whose subject names the run have arrived. */
const arrived = (run: string, count: number) =>
  waitFor(`${count} messages of ${run}`, async () => {
    if (ofRun(mail.received, run).length < count) throw new Error("not yet");
  });

const mailedTo = (email: string) =>
  waitFor(`a message to ${email}`, async () => {
    if (!(await mail.messages()).some((m) => m.to === email)) throw new Error("not yet");
  });

/** Permanent refusal for these addresses, a temporary one for a fifth of every other attempt. */
const flaky = (permanent: Set<string>) => (address: string) =>
  permanent.has(address) ? 550 : Math.random() < 0.2 ? 451 : null;

const ofRun = (messages: ReceivedMail[], run: string) => messages.filter((m) => m.parsed.subject?.includes(run));

/** Each address once at most, and the message in the subscriber's language. */
function expectOncePerAddressInLanguage(
  messages: ReceivedMail[],
  subscribers: Array<{ email: string; language: string }>,
) {
  const addresses = addressesOf(messages);
  expect(addresses.length - new Set(addresses).size).toBe(0);
  const language = new Map(subscribers.map((s) => [s.email, s.language]));
  const wrong = messages.filter((m) => header(m, "Content-Language") !== language.get(m.to));
  expect(wrong.map((m) => m.to)).toEqual([]);
  const wrongSubject = messages.filter((m) => !m.parsed.subject?.endsWith(language.get(m.to) === "es" ? "ES" : "EN"));
  expect(wrongSubject.map((m) => m.to)).toEqual([]);
}

describe("newsletter delivery over SMTP", () => {
  beforeAll(async () => {
    await mail.up();
    topology = await startTopology({
      label: "newsletter-delivery",
      stopped: ["chat"],
      env: {
        SMTP_URL: mail.url,
        MAIL_FROM: "Resveratrol Reviews <news@example.org>",
        NEWSLETTER_MESSAGES_PER_MINUTE: "0",
        NEWSLETTER_SEND_CONCURRENCY: String(CONCURRENCY),
        NEWSLETTER_RETRY_DELAY_MS: "200",
        NEWSLETTER_RETRY_MAX_DELAY_MS: "4000",
        NEWSLETTER_MAX_ATTEMPTS: "30",
        NEWSLETTER_SCHEDULE_POLL_MS: "500",
      },
    });
    base = topology.env.GATEWAY_URL!;
    db = createDb({ databaseUrl: topology.env.DATABASE_URL, dataDir: ".data", poolMax: 2 });
    const login = await call("POST", "/api/auth/login", {
      baseUrl: base,
      json: { email: topology.env.ADMIN_EMAIL, password: topology.env.ADMIN_PASSWORD },
    });
    cookie = (login.headers.get("set-cookie") ?? "").split(";")[0]!;
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    if (db) await closeDb(db).catch(() => undefined);
    await topology?.stop();
    await mail.down();
  });

  const confirmations: Record<string, ReceivedMail> = {};

  it.each([
    {
      lang: "en",
      locale: "en-US",
      page: "/",
      subject: "Confirm your subscription",
      confirmed: "Subscription confirmed",
    },
    {
      lang: "es",
      locale: "es-ES",
      page: "/es",
      subject: "Confirma tu suscripción",
      confirmed: "Suscripción confirmada",
    },
  ])(
    "signs up on the $lang home page in Chromium, mails the confirmation in $lang, and its link confirms",
    async (c) => {
      const email = `signup-${c.lang}-${randomBytes(4).toString("hex")}@example.org`;
      const context = await browser.newContext({ locale: c.locale });
      const page = await context.newPage();
      await page.goto(`${base}${c.page}`);
      const form = page.getByTestId("newsletter-form");
      await form.locator("input[name=email]").fill(email);
      await form.locator("button[type=submit]").click();
      await mailedTo(email);
      const message = (await mail.messages()).find((m) => m.to === email)!;
      confirmations[c.lang] = message;
      expect(message.parsed.subject).toContain(c.subject);
      expect(header(message, "Content-Language")).toBe(c.lang);
      expect(message.parsed.html).toContain("<html");
      expect(message.parsed.text).toContain(`${base}/api/newsletter/unsubscribe/`);
      expect(header(message, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
      expect(await db("newsletter.subscribers").where({ email }).first()).toMatchObject({
        status: "pending",
        language: c.lang,
        source_path: c.page,
      });
      // Signing up again within 10 minutes sends nothing more, and answers the same.
      const again = await call("POST", "/api/newsletter", { baseUrl: base, json: { email, language: c.lang } });
      expect(again.status).toBe(202);

      const link = linkIn(message.parsed.text ?? "", "/api/newsletter/confirm/")!;
      expect((await page.goto(link))?.status()).toBe(200);
      expect(await db("newsletter.subscribers").where({ email }).first()).toMatchObject({ status: "pending" });
      const [confirmed] = await Promise.all([page.waitForNavigation(), page.locator("button[type=submit]").click()]);
      expect(confirmed?.status()).toBe(200);
      expect(await page.locator("h1").textContent()).toBe(c.confirmed);
      expect(await page.locator("html").getAttribute("lang")).toBe(c.lang);
      expect(await db("newsletter.subscribers").where({ email }).first()).toMatchObject({ status: "confirmed" });
      expect((await page.goto(link))?.status()).toBe(404);
      expect((await mail.messages()).filter((m) => m.to === email)).toHaveLength(1);
      await context.close();
    },
  );

  it("unsubscribes on the RFC 8058 one-click POST, while a GET of the link only shows a button", async () => {
    const message = confirmations.es!;
    const url = /<([^>]+)>/.exec(header(message, "List-Unsubscribe"))![1]!;
    expect(message.parsed.text).toContain(url);
    const status = async () => (await db("newsletter.subscribers").where({ email: message.to }).first()).status;

    const shown = await fetch(url);
    expect(shown.status).toBe(200);
    const page = await shown.text();
    expect(page).toContain('name="List-Unsubscribe" value="One-Click"');
    expect(page).toContain('lang="es"');
    expect(await status()).toBe("confirmed");

    const wrong = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "x=1",
    });
    expect(wrong.status).toBe(400);
    expect(await status()).toBe("confirmed");

    const oneClick = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    expect(await status()).toBe("unsubscribed");
  });

  it("refuses a CR or LF bound for a mail header with 400", async () => {
    const subject = await admin("POST", "/api/newsletter/campaigns", {
      subject: { en: "Hello\r\nBcc: victim@example.org", es: "" },
      body: { en: "Hi", es: "" },
    });
    expect(subject.status).toBe(400);
    const created = await admin<Campaign>("POST", "/api/newsletter/campaigns", {
      subject: { en: "Plain", es: "" },
      body: { en: "Hi", es: "" },
    });
    const test = await admin("POST", `/api/newsletter/campaigns/${created.body.id}/test`, {
      email: "owner@example.org\r\nBcc: victim@example.org",
    });
    expect(test.status).toBe(400);
    const source = await call("POST", "/api/newsletter", {
      baseUrl: base,
      json: { email: "crlf@example.org", sourcePath: "/\r\nX-Evil: 1" },
    });
    expect(source.status).toBe(400);
    expect(await db("newsletter.subscribers").where({ email: "crlf@example.org" })).toEqual([]);
  });

  it("sends 1,000 subscribers in two languages each once through 20% temporary and 1% permanent refusals", async () => {
    const run = `c${randomBytes(3).toString("hex")}`;
    const subscribers = await confirmedSubscribers(run, 1000);
    const permanent = new Set(subscribers.filter((_, i) => i % 100 === 7).map((s) => s.email));
    mail.policy = flaky(permanent);
    const campaign = await startCampaign(run);
    const done = await finished(campaign.id, 120_000);
    mail.policy = () => null;

    const messages = ofRun(await mail.messages(), run);
    expectOncePerAddressInLanguage(messages, subscribers);
    const deliverable = subscribers.filter((s) => !permanent.has(s.email)).map((s) => s.email);
    expect(new Set(addressesOf(messages))).toEqual(new Set(deliverable));
    expect(done.counts).toEqual({ total: 1000, queued: 0, sent: 990, failed: 0, bounced: 10 });
    const bounced = await db("newsletter.subscribers").where({ status: "bounced" }).pluck("email");
    expect(new Set(bounced)).toEqual(permanent);
    // The campaign's links to /go/ carry it, so the catalog records the click as coming from it.
    expect(messages[0]!.parsed.html).toContain(`/go/some-product?c=${campaign.id}`);
  }, 180_000);

  it("resumes a campaign after the newsletter process is killed mid-way, sending nobody twice", async () => {
    const run = `k${randomBytes(3).toString("hex")}`;
    const subscribers = await confirmedSubscribers(run, 600);
    const campaign = await startCampaign(run);
    await arrived(run, 100);
    const port = new URL(topology.processUrls.newsletter).port;
    const pid = execFileSync("lsof", ["-t", "-sTCP:LISTEN", `-iTCP:${port}`])
      .toString()
      .trim()
      .split("\n")[0]!;
    process.kill(Number(pid), "SIGKILL");
    await topology.control.stop("newsletter");
    const atKill = ofRun(await mail.messages(), run).length;
    await topology.control.start("newsletter");
    const done = await finished(campaign.id, 120_000);

    const messages = ofRun(await mail.messages(), run);
    expect(atKill).toBeLessThan(600);
    expectOncePerAddressInLanguage(messages, subscribers);
    // A message cut short by the kill is never sent again: whether it arrived, only the server knows.
    const unknown = await db("newsletter.deliveries")
      .where({ campaign_id: campaign.id, status: "unknown" })
      .count({ n: "*" });
    const interrupted = Number(unknown[0]!.n);
    expect(interrupted).toBeLessThanOrEqual(CONCURRENCY);
    expect(done.counts.sent + done.counts.failed).toBe(600);
    expect(done.counts.failed).toBe(interrupted);
    const sent = await db("newsletter.deliveries as d")
      .join("newsletter.subscribers as s", "s.id", "d.subscriber_id")
      .where({ "d.campaign_id": campaign.id, "d.status": "sent" })
      .pluck("s.email");
    const received = new Set(addressesOf(messages));
    expect(sent.filter((email: string) => !received.has(email))).toEqual([]);
    expect(messages.length).toBeGreaterThanOrEqual(600 - interrupted);
  }, 240_000);

  it("loses nothing while the mail server is away for 30 s", async () => {
    const run = `d${randomBytes(3).toString("hex")}`;
    const subscribers = await confirmedSubscribers(run, 300);
    const campaign = await startCampaign(run);
    await arrived(run, 50);
    await mail.down();
    const downAt = Date.now();
    const back = setTimeout(() => void mail.up(), 30_000);
    const done = await finished(campaign.id, 150_000);
    clearTimeout(back);

    expect(Date.now() - downAt).toBeGreaterThanOrEqual(30_000);
    const messages = ofRun(await mail.messages(), run);
    expectOncePerAddressInLanguage(messages, subscribers);
    expect(new Set(addressesOf(messages))).toEqual(new Set(subscribers.map((s) => s.email)));
    expect(done.counts).toEqual({ total: 300, queued: 0, sent: 300, failed: 0, bounced: 0 });
  }, 240_000);
});

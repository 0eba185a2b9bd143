import { randomBytes } from "node:crypto";
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { startEmbeddedService } from "@rsv/kit/testing";
import { newsletterService } from "@rsv/newsletter/service";
import { waitFor } from "../local/processes.js";
import { printTable, type Row } from "./report.js";
import { startStandInAuth } from "./stand-in-auth.js";

/**
 * A campaign to 10,000 confirmed subscribers (half English, half Spanish), sent by the newsletter
 * service as make start runs it (PGlite, the in-process queue) to an SMTP server on loopback that
 * takes every message and reads it to the end (a process of its own), with the messages-per-minute
 * limit off. The figure is messages per second from sendCampaign to the campaign marked sent, and
 * the sending process's peak resident memory while it sends (sampled every 100 ms).
 * `node --import tsx infra/bench/newsletter.ts` runs it alone; BENCH_NEWSLETTER_RECIPIENTS and
 * BENCH_NEWSLETTER_CONCURRENCY change it.
 */

export interface NewsletterFigures {
  recipients: number;
  received: number;
  seconds: number;
  perSecond: number;
  peakRssMb: number;
  baselineRssMb: number;
  concurrency: number;
}

export async function measureNewsletter(recipients = 10_000, concurrency = 10): Promise<NewsletterFigures> {
  const sink = fork(fileURLToPath(new URL("./smtp-sink.ts", import.meta.url)), [], {
    execArgv: ["--import", "tsx"],
  });
  const ask = () =>
    new Promise<{ port?: number; received?: number }>((resolve) => {
      sink.once("message", (message) => resolve(message as { port?: number; received?: number }));
    });
  const smtpPort = (await ask()).port!;
  const receivedSoFar = async () => {
    const answer = ask();
    sink.send("count");
    return (await answer).received!;
  };
  // The admin's session, as the auth service would confirm it.
  const { url: authUrl, server: auth } = await startStandInAuth();
  const newsletter = await startEmbeddedService(newsletterService, {
    config: {
      INTERNAL_API_URL: authUrl,
    },
    env: {
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM: "Bench <bench@example.com>",
      PUBLIC_ORIGIN: "https://reviews.example.com",
      NEWSLETTER_MESSAGES_PER_MINUTE: "0",
      NEWSLETTER_SEND_CONCURRENCY: String(concurrency),
      NEWSLETTER_SCHEDULE_POLL_MS: "200",
    },
  });
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
  try {
    const rows = Array.from({ length: recipients }, (_, i) => ({
      email: `bench-${i}@example.org`,
      language: i % 2 === 0 ? "en" : "es",
      status: "confirmed",
      unsubscribe_token: randomBytes(32).toString("base64url"),
    }));
    for (let i = 0; i < rows.length; i += 1000)
      await newsletter.db("newsletter.subscribers").insert(rows.slice(i, i + 1000));
    const admin = { cookie: "rsv_session=bench", origin: newsletter.url, "content-type": "application/json" };
    const body = (lang: string) =>
      `## ${lang}\n\nThis month's research in brief, with [the best-rated product](/go/bench-product) and [the guide](/longevity-guide).\n\n${"A paragraph of the newsletter. ".repeat(30)}`;
    const created = await fetch(`${newsletter.url}/api/newsletter/campaigns`, {
      method: "POST",
      headers: admin,
      body: JSON.stringify({
        subject: { en: "Bench issue", es: "Número de prueba" },
        body: { en: body("English"), es: body("Español") },
      }),
    });
    if (created.status !== 201) throw new Error(`createCampaign answered ${created.status}: ${await created.text()}`);
    const { id } = (await created.json()) as { id: number };
    global.gc?.();
    const baseline = process.memoryUsage().rss;
    peak = baseline;
    const started = Date.now();
    const sent = await fetch(`${newsletter.url}/api/newsletter/campaigns/${id}/send`, {
      method: "POST",
      headers: admin,
      body: "{}",
    });
    if (sent.status !== 202) throw new Error(`sendCampaign answered ${sent.status}: ${await sent.text()}`);
    await waitFor(
      "the campaign",
      async () => {
        const campaign = (await (
          await fetch(`${newsletter.url}/api/newsletter/campaigns/${id}`, { headers: admin })
        ).json()) as { status: string };
        if (campaign.status !== "sent") throw new Error(`still ${campaign.status}`);
      },
      30 * 60_000,
    );
    const seconds = (Date.now() - started) / 1000;
    const received = await receivedSoFar();
    return {
      recipients,
      received,
      seconds,
      perSecond: received / seconds,
      peakRssMb: peak / 2 ** 20,
      baselineRssMb: baseline / 2 ** 20,
      concurrency,
    };
  } finally {
    clearInterval(sampler);
    await newsletter.close();
    auth.close();
    sink.disconnect();
  }
}

/** The bench's row for these figures. */
export function newsletterRow(figures: NewsletterFigures): Row {
  return {
    scenario: `newsletter campaign to ${figures.recipients.toLocaleString("en-US")} subscribers (en/es) over SMTP on loopback, rate limit off, ${figures.concurrency} connections (embedded: PGlite, in-process queue)`,
    figure: `${Math.round(figures.perSecond)} messages/s (${figures.received.toLocaleString("en-US")} in ${figures.seconds.toFixed(1)} s), peak RSS ${Math.round(figures.peakRssMb)} MB (${Math.round(figures.baselineRssMb)} MB before)`,
    ceiling: "—",
    ratio: null,
    goal: "≥ 300 messages/s, each once",
    met: figures.perSecond >= 300 && figures.received === figures.recipients,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const figures = await measureNewsletter(
    Number(process.env.BENCH_NEWSLETTER_RECIPIENTS ?? 10_000),
    Number(process.env.BENCH_NEWSLETTER_CONCURRENCY ?? 10),
  );
  console.log(JSON.stringify(figures));
  printTable([newsletterRow(figures)]);
  process.exit(0);
}

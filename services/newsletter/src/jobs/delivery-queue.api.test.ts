import { createServer } from "node:net";
import { Queue } from "bullmq";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { redisConnection, UNAVAILABLE_WAIT_MS } from "@rsv/kit/queue";
import { BullDeliveries } from "./delivery-queue.js";
import type { DeliveryJob, DeliveryResult } from "./campaign-sender.js";

/**
 * The deliveries' BullMQ worker on the real Redis, while the database is away: the error is pg's own
 * refusal from a port nothing listens on. The queue lives in a Redis database of its own, apart from
 * the topology's newsletter service, which works the same queue name.
 */

const redisUrl = `${process.env.REDIS_URL!.replace(/\/\d*$/, "")}/7`;
const silent = { info() {}, warn() {}, error() {}, debug() {} } as never;
const closers: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (closers.length > 0) await closers.pop()!();
});

/** A loopback port with nothing listening: connecting to it is refused. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("campaign deliveries while the database is away", () => {
  it("wait without spending their attempts, and are delivered once it is back", async () => {
    const port = await closedPort();
    let away = true;
    let refused = 0;
    const delivered: number[] = [];
    const deliveries = new BullDeliveries(redisUrl, {
      async deliver(job: DeliveryJob): Promise<DeliveryResult> {
        if (away) {
          refused += 1;
          // As the sender's first query fails when PostgreSQL is down.
          const client = new pg.Client({ host: "127.0.0.1", port, connectionTimeoutMillis: 1_000 });
          await client.connect();
        }
        delivered.push(job.subscriberId);
        return "done";
      },
      perMinute: 0,
      concurrency: 2,
      retryDelayMs: 10,
      retryMaxDelayMs: 10,
      // Two tries with a 10 ms back-off: spent on the outage, the jobs would fail within 20 ms.
      attempts: 2,
      logger: silent,
    });
    // The same queue, seen from outside.
    const queue = new Queue("newsletter-deliveries", { connection: redisConnection(redisUrl) });
    closers.push(async () => {
      await queue.obliterate({ force: true });
      await queue.close();
    });
    closers.push(() => deliveries.close());
    await deliveries.add([1, 2, 3].map((subscriberId) => ({ campaignId: 1, subscriberId })));

    await expect.poll(() => refused, { timeout: 10_000, interval: 20 }).toBeGreaterThan(0);
    // eslint-disable-next-line no-restricted-syntax -- the outage is held open for a set time
    await new Promise((resolve) => setTimeout(resolve, 2 * UNAVAILABLE_WAIT_MS + 500));
    expect(refused).toBeGreaterThan(2);
    // Tried again after each wait, not at once: a few tries a round.
    expect(refused).toBeLessThan(20);
    expect(await queue.getFailedCount()).toBe(0);

    away = false;
    await expect.poll(() => delivered.toSorted(), { timeout: 10_000, interval: 20 }).toEqual([1, 2, 3]);
    expect(await queue.getFailedCount()).toBe(0);
  });
});

import type { Queue } from "bullmq";

/** A real round trip to the queue's Redis (a read of an absent key), failing after timeoutMs. */
export async function pingRedis(queue: Queue, timeoutMs = 1000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      queue.client.then((client) => client.get(`${queue.name}:readiness-probe`)),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`redis did not answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

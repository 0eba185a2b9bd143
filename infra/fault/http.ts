/** One request as a fault test sees it: what came back, and how long it took. */
export interface Answer {
  status: number;
  ms: number;
  /** When the request was sent and answered, in ms since the epoch. */
  sentAt: number;
  answeredAt: number;
  contentType: string;
  body: string;
}

/**
 * Sends a request and records its answer; a request that gets no answer at all (connection refused,
 * reset, or no answer within the timeout) is status 0, which no assertion accepts.
 */
export async function timed(url: string, init: RequestInit = {}, timeoutMs = 15_000): Promise<Answer> {
  const sentAt = Date.now();
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    const body = await response.text();
    const answeredAt = Date.now();
    return {
      status: response.status,
      ms: answeredAt - sentAt,
      sentAt,
      answeredAt,
      contentType: response.headers.get("content-type") ?? "",
      body,
    };
  } catch (error) {
    const answeredAt = Date.now();
    return { status: 0, ms: answeredAt - sentAt, sentAt, answeredAt, contentType: "", body: String(error) };
  }
}

/** The API's error envelope: `{"error":{"code":"…","message":"…"}}` served as JSON. */
export function isErrorEnvelope(answer: Answer): boolean {
  if (!answer.contentType.startsWith("application/json")) return false;
  try {
    const parsed = JSON.parse(answer.body) as { error?: { code?: unknown; message?: unknown } };
    return typeof parsed.error?.code === "string" && typeof parsed.error.message === "string";
  } catch {
    return false;
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The nearest-rank percentile of some durations. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

import { setMaxListeners } from "node:events";
import type { Logger } from "@rsv/kit";
import { linkCheckUserAgent, type CatalogSettings } from "../config.js";
import { acceptLanguageFor, allPhrases, judgeCheck, type CheckResult } from "../domain/link-check.js";
import type { CheckTarget, OfferChecksRepository } from "../repository/offer-checks.repository.js";
import { fetchLink, hostKey, linkAgents, type LinkAgents } from "./link-checker-fetch.js";
import { HostGate } from "./link-checker-hosts.js";

/** What a queued run carries: its row when it was asked for through the API, and its offers (every offer without ids). */
export interface LinkCheckJob {
  runId?: number;
  ids?: number[];
}

export interface LinkCheckerOptions {
  timeoutMs: number;
  maxBodyBytes: number;
  hostDelayMs: number;
  concurrency: number;
  allowPrivateAddresses: boolean;
  userAgent: string;
}

export function linkCheckerOptions(settings: CatalogSettings): LinkCheckerOptions {
  return {
    timeoutMs: settings.LINK_CHECK_TIMEOUT_MS,
    maxBodyBytes: settings.LINK_CHECK_MAX_BODY_BYTES,
    hostDelayMs: settings.LINK_CHECK_HOST_DELAY_MS,
    concurrency: settings.LINK_CHECK_CONCURRENCY,
    allowPrivateAddresses: settings.LINK_CHECK_ALLOW_PRIVATE_ADDRESSES,
    userAgent: linkCheckUserAgent(settings),
  };
}

/** What to do with each check's result (the run stores it on the offer and counts it). */
export type RecordCheck = (target: CheckTarget, result: CheckResult) => Promise<void>;

/**
 * Runs one job: its offers checked, each result stored on its offer and counted on the run's row,
 * which is finished however the run ends. `onRunCreated` hears of a row made here (a scheduled run),
 * so a run tried again keeps its row.
 */
export async function performRun(
  deps: { checker: LinkChecker; repo: OfferChecksRepository; logger: Logger },
  job: LinkCheckJob,
  signal: AbortSignal,
  onRunCreated?: (runId: number) => Promise<unknown>,
): Promise<{ runId: number; checked: number }> {
  const { checker, repo, logger } = deps;
  const targets = await repo.targets(job.ids);
  let runId = job.runId;
  if (runId === undefined) {
    runId = await repo.createRun(targets.length);
    await onRunCreated?.(runId);
  }
  await repo.beginRun(runId, targets.length);
  const id = runId;
  const phrases = allPhrases(await repo.settings());
  const started = Date.now();
  let checked = 0;
  try {
    await checker.checkAll(targets, phrases, signal, async (target, result) => {
      const status = await repo.recordCheck(target, result);
      await repo.countChecked(id, status);
      checked++;
    });
  } finally {
    await repo.finishRun(id);
  }
  logger.info({ runId: id, offers: targets.length, ms: Date.now() - started }, "link check run finished");
  return { runId: id, checked };
}

/**
 * Checks offers' links. Several hosts at once (`concurrency`), one request at a time per host with a
 * pause between two (HostGate, kept across runs), each worker taking the offer whose host is free
 * soonest, so a few retailers with many offers never hold the others up.
 */
export class LinkChecker {
  private readonly gate: HostGate;
  private readonly agents: LinkAgents;

  constructor(private readonly options: LinkCheckerOptions) {
    this.gate = new HostGate(options.hostDelayMs);
    this.agents = linkAgents(options.allowPrivateAddresses);
  }

  /** Checks every target and hands each result to `record`; stops early when the signal aborts or recording fails. */
  async checkAll(
    targets: readonly CheckTarget[],
    phrases: readonly string[],
    signal: AbortSignal,
    record: RecordCheck,
  ): Promise<void> {
    const pending = new Map<string, CheckTarget[]>();
    for (const target of targets) {
      const host = safeHostKey(target.url);
      const queue = pending.get(host);
      if (queue) queue.push(target);
      else pending.set(host, [target]);
    }
    // Stops the other workers when one fails to record (the database away): the run fails as a whole.
    const stop = new AbortController();
    const stopped = AbortSignal.any([signal, stop.signal]);
    // Every worker waits on it, and its request too.
    setMaxListeners(4 * this.options.concurrency + 10, stopped);
    let failure: unknown;

    const work = async () => {
      while (pending.size > 0 && !stopped.aborted) {
        let host: string | undefined;
        let wait = Infinity;
        for (const candidate of pending.keys()) {
          const ms = this.gate.waitMs(candidate);
          if (ms < wait) [host, wait] = [candidate, ms];
          if (ms === 0) break;
        }
        const release = host === undefined ? undefined : this.gate.tryTake(host);
        if (host === undefined || !release) {
          // Every host with offers left is being asked, or resting: wait for the first to be free.
          await this.gate.changed(wait, stopped);
          continue;
        }
        const queue = pending.get(host)!;
        const target = queue.shift()!;
        if (queue.length === 0) pending.delete(host);
        try {
          const result = await this.checkOne(target, phrases, release, stopped);
          if (stopped.aborted) return;
          await record(target, result);
        } catch (error) {
          if (!stopped.aborted) {
            failure ??= error;
            stop.abort(error);
          }
          return;
        } finally {
          release();
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.options.concurrency, targets.length) }, work));
    if (failure !== undefined) throw failure;
    signal.throwIfAborted();
  }

  /** One offer's check: its requests (the first on the host turn already taken) and the verdict. */
  async checkOne(
    target: CheckTarget,
    phrases: readonly string[],
    firstTurn: () => void,
    signal: AbortSignal,
  ): Promise<CheckResult> {
    const firstHost = safeHostKey(target.url);
    let unused: (() => void) | undefined = firstTurn;
    const fetched = await fetchLink(target.url, {
      timeoutMs: this.options.timeoutMs,
      maxBodyBytes: this.options.maxBodyBytes,
      userAgent: this.options.userAgent,
      acceptLanguage: acceptLanguageFor(target.market),
      agents: this.agents,
      signal,
      turn: (host) => {
        if (unused && host === firstHost) {
          const turn = unused;
          unused = undefined;
          return Promise.resolve(turn);
        }
        return this.gate.take(host, signal);
      },
    });
    return judgeCheck(fetched, phrases);
  }

  close(): void {
    this.agents.http.destroy();
    this.agents.https.destroy();
  }
}

/** An address that does not parse fails its check without a request; such offers share one queue. */
function safeHostKey(url: string): string {
  try {
    return hostKey(url);
  } catch {
    return "";
  }
}

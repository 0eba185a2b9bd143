/**
 * How a write reaches every cache behind the gateway. The gateway (nginx, or the embedded server)
 * counts the writes it passes that carry credentials (an admin's) and sends every request it
 * forwards with `X-Cache-Generation: <gateway>.<count>`: `<gateway>` names that gateway's run (when
 * it started, in ms), `<count>` goes up by one as the answer to such a write leaves the service,
 * before the writer sees it. A process that keeps public answers (a service's read cache, the web
 * process's renders) drops them all when a gateway's count is higher than the last it saw from that
 * gateway, or the gateway is new to it; so the first read after a write, on any replica, is fresh.
 */

export const CACHE_GENERATION_HEADER = "x-cache-generation";

const GENERATION = /^(\d{1,16})\.(\d{1,16})$/;
/** Gateways remembered at once; past this (gateways restarted many times) the list starts again. */
const MAX_GATEWAYS = 64;

/** The generation header's value for a gateway's run and count. */
export const cacheGeneration = (gateway: number | string, count: number) => `${gateway}.${count}`;

export class GatewayGenerations {
  private readonly counts = new Map<string, number>();

  /**
   * Reads a request's generation header: true when the caller must drop what it kept (a write went
   * through that gateway since, or the gateway is one it has not heard from). No header (a call that
   * did not come through a gateway) changes nothing.
   */
  changed(value: string | undefined): boolean {
    const match = value ? GENERATION.exec(value) : null;
    if (!match) return false;
    const gateway = match[1]!;
    const count = Number(match[2]);
    const known = this.counts.get(gateway);
    if (known !== undefined && count <= known) return false;
    if (known === undefined && this.counts.size >= MAX_GATEWAYS) this.counts.clear();
    this.counts.set(gateway, count);
    return true;
  }
}

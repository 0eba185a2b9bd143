/**
 * Politeness towards retailers: one request at a time per host (host and port, as hostKey names
 * it), and a pause of `delayMs` from the end of one request to a host to the start of the next.
 */
export class HostGate {
  private readonly busy = new Set<string>();
  private readonly freeAt = new Map<string, number>();
  private readonly waiters = new Set<() => void>();

  constructor(private readonly delayMs: number) {}

  /** Milliseconds until the host may be asked: 0 now, Infinity while a request to it is under way. */
  waitMs(host: string): number {
    if (this.busy.has(host)) return Infinity;
    return Math.max(0, (this.freeAt.get(host) ?? 0) - Date.now());
  }

  /** The host's turn now, if it is free: resolves nothing, answers the release or undefined. */
  tryTake(host: string): (() => void) | undefined {
    if (this.waitMs(host) > 0) return undefined;
    this.busy.add(host);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.busy.delete(host);
      this.freeAt.set(host, Date.now() + this.delayMs);
      this.forgetPast();
      this.notify();
    };
  }

  /** Waits for the host's turn; rejects if the signal aborts first. */
  async take(host: string, signal?: AbortSignal): Promise<() => void> {
    for (;;) {
      signal?.throwIfAborted();
      const release = this.tryTake(host);
      if (release) return release;
      await this.changed(this.waitMs(host), signal);
    }
  }

  /** Resolves when any host is released, after `ms` at most (never on its own for Infinity), or on abort. */
  changed(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.waiters.delete(wake);
        signal?.removeEventListener("abort", wake);
        resolve();
      };
      const timer = Number.isFinite(ms) ? setTimeout(wake, ms) : undefined;
      this.waiters.add(wake);
      signal?.addEventListener("abort", wake, { once: true });
    });
  }

  private notify(): void {
    for (const wake of [...this.waiters]) wake();
  }

  /** Hosts whose pause is over need no entry: keeps the map as small as the hosts recently asked. */
  private forgetPast(): void {
    if (this.freeAt.size < 1000) return;
    const now = Date.now();
    for (const [host, at] of this.freeAt) if (at <= now) this.freeAt.delete(host);
  }
}

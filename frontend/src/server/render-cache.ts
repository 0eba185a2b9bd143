/**
 * Renders shared for a moment. The same page asked for by many visitors at once (a link posted
 * somewhere, a load test) is rendered once: callers of a key being rendered wait for that render,
 * and its result answers the same key for `ttlMs` more. The key names everything a render depends on
 * (`renderKey` in app.ts: the address, the saved languages, the country, whether nobody is signed in),
 * failures are never kept, and the number of entries is bounded because the keys come from visitors'
 * addresses. `clear` forgets every render, finished or running, after a write: the next caller renders
 * afresh.
 */
export interface RenderCache<T> {
  get(key: string, produce: () => Promise<T>): Promise<T>;
  clear(): void;
}

export function createRenderCache<T>(options: {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}): RenderCache<T> {
  const now = options.now ?? Date.now;
  const done = new Map<string, { value: T; until: number }>();
  const pending = new Map<string, Promise<T>>();
  /** Bumped by `clear`: a render begun before it is neither kept nor shared. */
  let generation = 0;

  const keep = (key: string, value: T) => {
    done.delete(key);
    if (done.size >= options.maxEntries) done.delete(done.keys().next().value!);
    done.set(key, { value, until: now() + options.ttlMs });
  };

  return {
    get(key, produce) {
      const hit = done.get(key);
      if (hit && hit.until > now()) return Promise.resolve(hit.value);
      const running = pending.get(key);
      if (running) return running;
      if (options.ttlMs <= 0) return produce();
      const begun = generation;
      const render = produce()
        .then((value) => {
          if (begun === generation) keep(key, value);
          return value;
        })
        .finally(() => {
          if (pending.get(key) === render) pending.delete(key);
        });
      pending.set(key, render);
      return render;
    },
    clear() {
      generation += 1;
      done.clear();
      pending.clear();
    },
  };
}

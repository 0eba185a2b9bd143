import { describe, expect, it } from "vitest";
import { renderKey } from "./app.js";
import { createRenderCache } from "./render-cache.js";

describe("render cache", () => {
  it("renders a page once for callers that arrive while it renders, and keeps it for the time given", async () => {
    let clock = 0;
    let renders = 0;
    const cache = createRenderCache<string>({ ttlMs: 1000, maxEntries: 10, now: () => clock });
    const produce = async () => `page ${++renders}`;

    const together = await Promise.all(Array.from({ length: 20 }, () => cache.get("/", produce)));
    expect(new Set(together)).toEqual(new Set(["page 1"]));
    clock = 999;
    expect(await cache.get("/", produce)).toBe("page 1");
    clock = 1000;
    expect(await cache.get("/", produce)).toBe("page 2");
    expect(await cache.get("/es", produce)).toBe("page 3");
  });

  it("never keeps a failure", async () => {
    const cache = createRenderCache<string>({ ttlMs: 1000, maxEntries: 10 });
    await expect(cache.get("/", () => Promise.reject(new Error("api down")))).rejects.toThrow("api down");
    expect(await cache.get("/", async () => "page")).toBe("page");
  });

  it("holds at most maxEntries pages, dropping the oldest", async () => {
    let renders = 0;
    const cache = createRenderCache<number>({ ttlMs: 60_000, maxEntries: 2 });
    const produce = async () => ++renders;
    await cache.get("a", produce);
    await cache.get("b", produce);
    await cache.get("c", produce);
    expect(await cache.get("b", produce)).toBe(2);
    expect(await cache.get("a", produce)).toBe(4);
  });

  it("shares nothing when the time is zero", async () => {
    let renders = 0;
    const cache = createRenderCache<number>({ ttlMs: 0, maxEntries: 10 });
    const produce = async () => ++renders;
    expect(await Promise.all([cache.get("/", produce), cache.get("/", produce)])).toEqual([1, 2]);
  });

  it("forgets finished and running renders on clear: the next caller renders afresh", async () => {
    let renders = 0;
    const cache = createRenderCache<number>({ ttlMs: 60_000, maxEntries: 10 });
    expect(await cache.get("/", async () => ++renders)).toBe(1);
    cache.clear();
    expect(await cache.get("/", async () => ++renders)).toBe(2);
    cache.clear();
    let finish = (_value: number) => {};
    const running = cache.get("/", () => new Promise<number>((resolve) => (finish = resolve)));
    cache.clear();
    const next = cache.get("/", async () => ++renders);
    finish(99);
    expect(await running).toBe(99);
    expect(await next).toBe(3);
    expect(await cache.get("/", async () => ++renders)).toBe(3);
  });
});

describe("render cache key", () => {
  const admin = { url: "/admin", secFetchSite: "same-origin", country: "ES" };

  it("keeps one /admin per language the owner chose, and one where none was", () => {
    const spanish = renderKey({ ...admin, cookie: "rsv_admin_lang=es" });
    const english = renderKey({ ...admin, cookie: "rsv_admin_lang=en" });
    const unchosen = renderKey(admin);
    expect(new Set([spanish, english, unchosen]).size).toBe(3);
    // Other cookies and their order change nothing the page shows.
    expect(renderKey({ ...admin, cookie: "theme=dark; rsv_admin_lang=es; rsv_device=abc" })).toBe(spanish);
    expect(renderKey({ ...admin, cookie: "rsv_admin_lang=fr" })).toBe(unchosen);
  });

  it("tells the dashboard's language from the public site's", () => {
    expect(renderKey({ ...admin, cookie: "rsv_lang=es" })).not.toBe(
      renderKey({ ...admin, cookie: "rsv_admin_lang=es" }),
    );
    expect(renderKey({ url: "/", cookie: "rsv_lang=es" })).not.toBe(renderKey({ url: "/" }));
  });

  it("keeps apart what else a page depends on: its address, the country and a known signed-out request", () => {
    const base = renderKey({ ...admin, cookie: "rsv_admin_lang=es" });
    expect(renderKey({ ...admin, url: "/admin?tab=offers", cookie: "rsv_admin_lang=es" })).not.toBe(base);
    expect(renderKey({ ...admin, country: "US", cookie: "rsv_admin_lang=es" })).not.toBe(base);
    expect(renderKey({ ...admin, secFetchSite: "cross-site", cookie: "rsv_admin_lang=es" })).not.toBe(base);
    expect(renderKey({ ...admin, cookie: "rsv_admin_lang=es; rsv_session=abc" })).not.toBe(base);
  });
});

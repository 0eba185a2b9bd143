import { randomUUID } from "node:crypto";
import type { BlogPost, SiteSettings } from "@rsv/api/client";
import { call, rawGet, type RawResponse } from "@rsv/kit/testing";
import { expect, it } from "vitest";

export interface FreshReadOptions {
  /** Fills caches the gateway's reads may not reach (each replica's own read cache), before each write. */
  warm?: (urlPath: string) => Promise<void>;
}

/**
 * An editor's write seen by the very next anonymous reader, API and pages alike, through whatever
 * caches stand in between (the gateway's micro-cache, each replica's read cache, the web process's
 * renders): the reads come straight after the write's 2xx, with no wait between them. Shared by the
 * nginx topology, two content replicas behind nginx and the embedded server. Each test renders a dozen
 * pages, which take up to 1.5 s each on a loaded machine: hence their 120 s.
 */
export function freshReadChecks(base: () => string, login: () => Promise<string>, options: FreshReadOptions = {}) {
  const read = (urlPath: string, headers: Record<string, string> = {}) => rawGet(base(), urlPath, headers);
  const text = (response: RawResponse) => response.body.toString("utf8");
  /**
   * What the next readers get: a plain read, then (for the API, where replicas stand behind the
   * gateway) hard reloads. A page is rendered from the same API reads, so one read of it is enough.
   */
  const readers = async (urlPath: string) => {
    const answers = [await read(urlPath)];
    if (urlPath.startsWith("/api/"))
      for (let i = 0; i < 3; i++) answers.push(await read(urlPath, { "cache-control": "no-cache" }));
    return answers;
  };
  const write = async <T>(method: string, urlPath: string, cookie: string, json?: unknown) => {
    const response = await call<T>(method, urlPath, { json, headers: { cookie }, baseUrl: base() });
    expect(response.status, `${method} ${urlPath}: ${response.text}`).toBeGreaterThanOrEqual(200);
    expect(response.status, `${method} ${urlPath}: ${response.text}`).toBeLessThan(300);
    return response;
  };
  /**
   * Read twice, so the answer is surely kept by every cache before the write; answers the second
   * read of the last path, which callers make the API read: pages take seconds to render on a loaded
   * machine, and the micro-cache keeps an answer 2 s. Another suite's write between the two reads
   * empties the caches too (every write does), and a loaded machine can outlast the 2 s: the last path
   * is then read again, a few times at most, until a read is one the cache kept.
   */
  const keep = async (...urlPaths: string[]) => {
    let last: RawResponse | undefined;
    for (const urlPath of urlPaths) {
      await options.warm?.(urlPath);
      await read(urlPath);
      last = await read(urlPath);
    }
    const kept = (response: RawResponse) => [undefined, "HIT"].includes(response.headers["x-cache-status"] as string);
    for (let tries = 1; tries < 4 && !kept(last!); tries++) {
      await options.warm?.(urlPaths.at(-1)!);
      last = await read(urlPaths.at(-1)!);
    }
    return last!;
  };

  it(
    "shows a post published, retitled and deleted to the next anonymous reader, in the API and on its page",
    { timeout: 120_000 },
    async () => {
      const cookie = await login();
      const slug = `fresh-read-${randomUUID().slice(0, 8)}`;
      const apiPath = `/api/blog/slug/${slug}`;
      const pagePath = `/blog/${slug}`;
      const listPath = "/api/blog?published=true";
      const title = `Published at once ${slug}`;

      // Asked for before it existed: the 404 is kept.
      const missing = await keep(pagePath, listPath, apiPath);
      expect(missing.status).toBe(404);
      expect(missing.headers["x-cache-status"]).toBe("HIT");

      const created = await write<BlogPost>("POST", "/api/blog", cookie, {
        title,
        slug,
        excerpt: "A post the freshness check publishes.",
        content: "<p>Published, retitled, deleted.</p>",
        category: "RESEARCH STUDY",
        imageUrl: "/api/images/demo-post-1.png",
        published: true,
      });
      const { id } = created.body;
      try {
        for (const answer of await readers(apiPath)) {
          expect(answer.status, "the post right after it was published").toBe(200);
          expect(JSON.parse(text(answer))).toMatchObject({ title });
        }
        for (const answer of await readers(pagePath)) {
          expect(answer.status, "its page right after it was published").toBe(200);
          expect(text(answer)).toContain(title);
        }
        for (const answer of await readers(listPath))
          expect((JSON.parse(text(answer)) as BlogPost[]).map((post) => post.slug)).toContain(slug);

        await keep(pagePath, apiPath);
        const retitled = `Retitled at once ${slug}`;
        await write("PUT", `/api/blog/${id}`, cookie, { ...writable(created.body), title: retitled });
        for (const answer of await readers(apiPath))
          expect(JSON.parse(text(answer)), "the post right after its edit").toMatchObject({ title: retitled });
        for (const answer of await readers(pagePath)) {
          expect(text(answer), "its page right after the edit").toContain(retitled);
          expect(text(answer)).not.toContain(title);
        }

        await keep(pagePath, listPath, apiPath);
        const deleted = await write("DELETE", `/api/blog/${id}`, cookie);
        expect(deleted.status).toBe(204);
        for (const answer of await readers(apiPath))
          expect(answer.status, "the post right after it was deleted").toBe(404);
        for (const answer of await readers(pagePath))
          expect(answer.status, "its page right after it was deleted").toBe(404);
        for (const answer of await readers(listPath))
          expect((JSON.parse(text(answer)) as BlogPost[]).map((post) => post.slug)).not.toContain(slug);
      } finally {
        await call("DELETE", `/api/blog/${id}`, { headers: { cookie }, baseUrl: base() });
      }
    },
  );

  it("shows a change to the site settings on the next page a visitor opens", { timeout: 120_000 }, async () => {
    const cookie = await login();
    const before = JSON.parse(text(await read("/api/site-settings", { "cache-control": "no-cache" }))) as SiteSettings;
    const siteName = `Fresh name ${randomUUID().slice(0, 8)}`;
    await keep("/comparison", "/api/site-settings");
    try {
      await write("PUT", "/api/site-settings", cookie, { siteName });
      for (const answer of await readers("/api/site-settings"))
        expect(JSON.parse(text(answer))).toMatchObject({ siteName });
      for (const answer of await readers("/comparison")) expect(text(answer)).toContain(siteName);
    } finally {
      await write("PUT", "/api/site-settings", cookie, { siteName: before.siteName });
    }
  });
}

/** The fields a post is written with, from the post as read. */
function writable(post: BlogPost): Record<string, unknown> {
  const fields = ["title", "slug", "excerpt", "content", "category", "imageUrl", "published", "metaDescription"];
  const read = post as unknown as Record<string, unknown>;
  return Object.fromEntries(fields.filter((field) => read[field] != null).map((field) => [field, read[field]]));
}

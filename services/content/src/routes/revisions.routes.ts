import { sanitizeRichHtml } from "@rsv/kit/html";
import { notFound, revisionRoutes, type OperationRouter, type PreviewLinks, type RevisionStore } from "@rsv/kit";
import { normalizePostInput, postSnapshot, toBlogPost, type BlogPostInput } from "../domain/post.js";
import { DEFAULT_SETTINGS, normalizeSettingsInput, type SiteSettingsInput } from "../domain/settings.js";
import { normalizePageInput, pageSnapshot, type PageInput } from "../domain/page.js";
import type { PagesRepository } from "../repository/pages.repository.js";
import type { PostsRepository } from "../repository/posts.repository.js";
import type { SettingsRepository } from "../repository/settings.repository.js";
import { currentSettings, settingsSnapshot } from "./settings.routes.js";
import { asHttpError } from "./posts.routes.js";

/** Whether visitors can read the post now: published, and its time to go public come. */
function isPublicNow(post: { published: boolean; firstPublishedAt: string | null }): boolean {
  return post.published && (post.firstPublishedAt === null || Date.parse(post.firstPublishedAt) <= Date.now());
}

/** Revisions of posts and the site settings, preview links, and the post a preview link shows. */
export function contentRevisionRoutes(
  router: OperationRouter,
  stores: { posts: PostsRepository; settings: SettingsRepository; pages: PagesRepository; revisions: RevisionStore },
  previews: PreviewLinks,
): void {
  const { posts, settings, pages, revisions } = stores;
  revisionRoutes(router, revisions, {
    post: async (entityId, snapshot) => {
      const id = Number(entityId);
      if (!Number.isSafeInteger(id)) return undefined;
      // Through the same cleaning as an edit; the time it went public is kept unless the revision had one.
      const input = { ...snapshot, publishAt: snapshot.publishAt ?? undefined } as unknown as BlogPostInput;
      // A restore brings back a version's words; it never takes a post that is public now offline (a
      // revision saved while it was a draft or scheduled would).
      const current = await posts.findById(id);
      if (current && isPublicNow(current))
        Object.assign(input, { published: true, publishAt: current.firstPublishedAt });
      // A slug or a translation taken by another post since is the contract's 409 or 400, not a fault.
      const saved = await posts.update(id, normalizePostInput(input, sanitizeRichHtml)).catch((error: unknown) => {
        throw asHttpError(error);
      });
      return saved && postSnapshot(saved);
    },
    page: async (entityId, snapshot, admin) => {
      const [key = "", lang] = entityId.split(".");
      if (lang !== "en" && lang !== "es") return undefined;
      const saved = await pages.save(key, lang, normalizePageInput(snapshot as unknown as PageInput), admin.email);
      return saved && pageSnapshot(saved);
    },
    settings: async (entityId, snapshot) => {
      if (entityId !== "site") return undefined;
      const current = await currentSettings(settings);
      const input = snapshot as unknown as SiteSettingsInput;
      return settingsSnapshot(await settings.update(normalizeSettingsInput(input, current), DEFAULT_SETTINGS));
    },
  });

  router.on("createPreviewLink", async (ctx, { body }) => {
    let lang = body.lang ?? "en";
    if (body.entity === "post") {
      // A post is shown in its own language; a product's review in the language asked for.
      const post = await posts.findById(body.id);
      if (!post) throw notFound("Blog post not found");
      lang = post.lang;
    }
    const { token, expiresAt } = previews.create({ entity: body.entity, id: body.id, lang });
    ctx.status = 201;
    ctx.set("Cache-Control", "private, no-store");
    const prefix = lang === "es" ? "/es" : "";
    ctx.body = { url: `${prefix}/preview/${body.entity}/${token}`, expiresAt: expiresAt.toISOString() };
  });

  router.on("getPostPreview", async (ctx, { params }) => {
    const claim = previews.read(params.token, "post");
    const post = await posts.findById(claim.id);
    if (!post) throw notFound("Blog post not found");
    ctx.set("Cache-Control", "private, no-store");
    ctx.set("X-Robots-Tag", "noindex");
    ctx.body = toBlogPost(post, { admin: false });
  });
}

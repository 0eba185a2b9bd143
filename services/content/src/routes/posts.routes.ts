import { badRequest, conflict, notFound, unauthorized, type OperationRouter, type RevisionStore } from "@rsv/kit";
import { sanitizeRichHtml } from "@rsv/kit/html";
import {
  forLanguage,
  InvalidTranslation,
  newestFirst,
  normalizePostInput,
  PostConflict,
  postSnapshot,
  slugFromTitle,
  toBlogPost,
} from "../domain/post.js";
import type { PostsRepository } from "../repository/posts.repository.js";

/** A post's save refused for its slug (409) or its translation link (400), as the contract answers them. */
export function asHttpError(error: unknown): unknown {
  if (error instanceof PostConflict) return conflict(error.message);
  if (error instanceof InvalidTranslation) {
    return badRequest(error.message, [{ path: "body.translationId", message: error.message }]);
  }
  return error;
}

/**
 * Visitors' reads kept as ready bytes until the next write (see @rsv/kit's read cache): the kit keeps
 * only anonymous answers, so an admin's view (drafts included) is never kept.
 */
const cached = { readCache: true };

export function postRoutes(router: OperationRouter, posts: PostsRepository, revisions: RevisionStore): void {
  router.on(
    "listBlogPosts",
    async (ctx, { query, admin }) => {
      if (query.published === true) {
        const published = await posts.list({ publishedOnly: true });
        const chosen = forLanguage(published, query.lang ?? "en");
        ctx.body = newestFirst(chosen).map((post) => toBlogPost(post, { admin: false }));
        return;
      }
      if (!admin) throw unauthorized();
      // Drafts: marked no-store, which also keeps them out of the read cache.
      ctx.set("Cache-Control", "no-store");
      ctx.body = newestFirst(await posts.list({ lang: query.lang })).map((post) => toBlogPost(post, { admin: true }));
    },
    cached,
  );

  router.on(
    "getBlogPostBySlug",
    async (ctx, { params, admin }) => {
      const post = await posts.findBySlug(params.slug);
      if (!post || (!post.live && !admin)) throw notFound("Blog post not found");
      if (admin) ctx.set("Cache-Control", "no-store");
      ctx.body = toBlogPost(post, { admin: admin !== null });
    },
    cached,
  );

  router.on("getBlogPost", async (ctx, { params }) => {
    const post = await posts.findById(params.id);
    if (!post) throw notFound("Blog post not found");
    ctx.set("Cache-Control", "no-store");
    ctx.body = toBlogPost(post, { admin: true });
  });

  router.on("createBlogPost", async (ctx, { body, admin }) => {
    const changes = normalizePostInput(body, sanitizeRichHtml);
    const created = await posts.create(changes, slugFromTitle(changes.values.title)).catch((error: unknown) => {
      throw asHttpError(error);
    });
    await revisions.record({ entity: "post", entityId: created.id, actor: admin, after: postSnapshot(created) });
    ctx.status = 201;
    ctx.body = toBlogPost(created, { admin: true });
    ctx.state.audit = { target: { entity: "posts" } };
  });

  router.on("updateBlogPost", async (ctx, { params, body, admin }) => {
    const before = await posts.findById(params.id);
    const updated = await posts
      .update(params.id, normalizePostInput(body, sanitizeRichHtml))
      .catch((error: unknown) => {
        throw asHttpError(error);
      });
    if (!before || !updated) throw notFound("Blog post not found");
    await revisions.record({
      entity: "post",
      entityId: updated.id,
      actor: admin,
      before: postSnapshot(before),
      after: postSnapshot(updated),
    });
    ctx.body = toBlogPost(updated, { admin: true });
    ctx.state.audit = {
      target: { entity: "posts" },
      before: toBlogPost(before, { admin: true }),
      after: ctx.body,
    };
  });

  router.on("deleteBlogPost", async (ctx, { params }) => {
    const before = await posts.findById(params.id);
    if (!(await posts.delete(params.id))) throw notFound("Blog post not found");
    ctx.state.audit = { target: { entity: "posts" }, before: before && toBlogPost(before, { admin: true }) };
    ctx.status = 204;
  });
}

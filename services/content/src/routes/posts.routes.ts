import { notFound, unauthorized, type OperationRouter } from "@rsv/kit";
import { sanitizeRichHtml } from "@rsv/kit/html";
import { forLanguage, newestFirst, normalizePostInput, slugFromTitle, toBlogPost } from "../domain/post.js";
import type { PostsRepository } from "../repository/posts.repository.js";

export function postRoutes(router: OperationRouter, posts: PostsRepository): void {
  router.on("listBlogPosts", async (ctx, { query, admin }) => {
    if (query.published === true) {
      const published = await posts.list({ publishedOnly: true });
      const chosen = forLanguage(published, query.lang ?? "en");
      ctx.body = newestFirst(chosen).map((post) => toBlogPost(post, { admin: false }));
      return;
    }
    if (!admin) throw unauthorized();
    ctx.set("Cache-Control", "no-store");
    ctx.body = newestFirst(await posts.list({ lang: query.lang })).map((post) => toBlogPost(post, { admin: true }));
  });

  router.on("getBlogPostBySlug", async (ctx, { params, admin }) => {
    const post = await posts.findBySlug(params.slug);
    if (!post || (!post.published && !admin)) throw notFound("Blog post not found");
    if (admin) ctx.set("Cache-Control", "no-store");
    ctx.body = toBlogPost(post, { admin: admin !== null });
  });

  router.on("getBlogPost", async (ctx, { params }) => {
    const post = await posts.findById(params.id);
    if (!post) throw notFound("Blog post not found");
    ctx.set("Cache-Control", "no-store");
    ctx.body = toBlogPost(post, { admin: true });
  });

  router.on("createBlogPost", async (ctx, { body }) => {
    const changes = normalizePostInput(body, sanitizeRichHtml);
    ctx.status = 201;
    ctx.body = toBlogPost(await posts.create(changes, slugFromTitle(changes.values.title)), { admin: true });
  });

  router.on("updateBlogPost", async (ctx, { params, body }) => {
    const updated = await posts.update(params.id, normalizePostInput(body, sanitizeRichHtml));
    if (!updated) throw notFound("Blog post not found");
    ctx.body = toBlogPost(updated, { admin: true });
  });

  router.on("deleteBlogPost", async (ctx, { params }) => {
    if (!(await posts.delete(params.id))) throw notFound("Blog post not found");
    ctx.status = 204;
  });
}

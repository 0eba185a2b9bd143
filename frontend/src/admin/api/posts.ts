import { unwrap, type BlogPostInput } from "@rsv/api/client";
import { queryKeys } from "../../api/queries.js";
import { createMutation, createQuery } from "./hooks.js";

const blogReads = [["/api/blog"], ["/api/blog/slug"]];

/** Drafts and published posts in both languages, newest first. */
export const useBrowsePosts = createQuery({
  key: queryKeys.adminPosts,
  load: (api) => unwrap(api.GET("/api/blog")),
});

export const useAddPost = createMutation({
  call: (api, body: BlogPostInput) => unwrap(api.POST("/api/blog", { body })),
  invalidates: blogReads,
  success: (t, post) => ({ title: t("blog.toast.created"), description: post.title }),
  failure: (t) => t("blog.toast.createFailed"),
});

export const useEditPost = createMutation({
  call: (api, { id, body }: { id: number; body: BlogPostInput }) =>
    unwrap(api.PUT("/api/blog/{id}", { params: { path: { id } }, body })),
  invalidates: blogReads,
  success: (t, post) => ({ title: t("blog.toast.updated"), description: post.title }),
  failure: (t) => t("blog.toast.updateFailed"),
});

export const useDeletePost = createMutation({
  call: (api, id: number) => unwrap(api.DELETE("/api/blog/{id}", { params: { path: { id } } })),
  invalidates: blogReads,
  success: (t) => ({ title: t("blog.toast.deleted") }),
  failure: (t) => t("blog.toast.deleteFailed"),
});

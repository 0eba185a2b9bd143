import type { BlogPost } from "@rsv/api/client";
import { useAdminCopy } from "../admin-copy.js";
import { useBrowsePosts, useDeletePost } from "../api/posts.js";
import { ListSkeletons } from "../ui/fields.js";
import { PostDialog } from "./post-dialog.js";
import { usePostDialogStore } from "./post-dialog.store.js";
import { draftFromPost, isScheduled } from "./post-form.js";
import { RowActions } from "../ui/row-actions.js";

export const postSkeletonCount = 5;

export function PostsTab() {
  const { t, lang } = useAdminCopy();
  const posts = useBrowsePosts();
  const remove = useDeletePost();
  const { openCreate, openEdit } = usePostDialogStore();
  const date = new Intl.DateTimeFormat(lang === "es" ? "es-ES" : "en-US", { dateStyle: "medium" });
  const dateTime = new Intl.DateTimeFormat(lang === "es" ? "es-ES" : "en-US", {
    dateStyle: "medium",
    timeStyle: "short",
  });
  const statusOf = (post: BlogPost) => (isScheduled(post) ? "scheduled" : post.published ? "published" : "draft");
  const statusClass = {
    published: "bg-emerald-50 text-emerald-800",
    scheduled: "bg-sky-50 text-sky-800",
    draft: "bg-amber-100 text-amber-900",
  };

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold text-slate-900">{t("blog.title")}</h2>
        <button type="button" className="btn-primary" onClick={openCreate}>
          {t("blog.add")}
        </button>
      </div>
      <div className="mt-6">
        {posts.isPending ? (
          <ListSkeletons count={postSkeletonCount} testId="post-skeleton" />
        ) : posts.isError ? (
          <p className="text-red-600">{t("common.loadFailed")}</p>
        ) : posts.data.length === 0 ? (
          <p className="text-slate-600">{t("blog.empty")}</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
            {posts.data.map((post) => (
              <li
                key={post.id}
                className="flex flex-wrap items-center gap-4 p-4"
                data-testid="admin-post-row"
                data-slug={post.slug}
              >
                <div className="min-w-0 flex-1 basis-48">
                  <p className="font-semibold text-slate-900" lang={post.lang}>
                    {post.title}
                  </p>
                  <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-600">
                    <span
                      className={`rounded px-2 py-0.5 font-semibold ${statusClass[statusOf(post)]}`}
                      data-testid="post-status"
                    >
                      {t(`blog.status.${statusOf(post)}`)}
                    </span>
                    <span className="rounded bg-slate-100 px-2 py-0.5 uppercase">{post.lang}</span>
                    <span>{t(`blog.categories.${post.category}`, { defaultValue: post.category })}</span>
                    {post.publishedAt &&
                      (isScheduled(post) ? (
                        <span>{t("blog.scheduledFor", { date: dateTime.format(new Date(post.publishedAt)) })}</span>
                      ) : (
                        <span>{t("blog.publishedOn", { date: date.format(new Date(post.publishedAt)) })}</span>
                      ))}
                    {post.translationId !== null && <span>{t("blog.translated")}</span>}
                  </p>
                </div>
                <RowActions
                  name={post.title}
                  confirmText={t("blog.confirmDelete")}
                  deleting={remove.isPending}
                  onEdit={() => openEdit(post.id, draftFromPost(post))}
                  onDelete={() => remove.mutate(post.id)}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
      <PostDialog />
    </div>
  );
}

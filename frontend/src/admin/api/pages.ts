import { unwrap, type Language, type PageInput } from "@rsv/api/client";
import { contentPageQueryRoot } from "../../content/content-pages.js";
import { createMutation, createQuery } from "./hooks.js";

const adminPagesKey = () => ["/api/pages", { admin: true }] as const;

/** Every page in both languages, with its Markdown. */
export const useBrowsePages = createQuery({
  key: adminPagesKey,
  load: (api) => unwrap(api.GET("/api/pages")),
});

export const useSavePage = createMutation({
  call: (api, { key, lang, body }: { key: string; lang: Language; body: PageInput }) =>
    unwrap(api.PUT("/api/pages/{key}/{lang}", { params: { path: { key, lang } }, body })),
  invalidates: [adminPagesKey(), [contentPageQueryRoot]],
  success: (t, page) => ({ title: t("pages.toast.saved"), description: page.title }),
  failure: (t) => t("pages.toast.saveFailed"),
});

import { sanitizeHtml } from "../../lib/sanitize-html.js";
import { useAdminCopy } from "../admin-copy.js";

/** The article body as visitors will get it: the same sanitiser the public pages run. */
export function PostPreview({ html, lang }: { html: string; lang: string }) {
  const { t } = useAdminCopy();
  return (
    <section aria-label={t("blog.preview")} className="rounded-xl border border-slate-200 bg-white">
      <p className="border-b border-slate-200 px-3 py-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
        {t("blog.preview")}
      </p>
      <div
        lang={lang}
        className="prose-content max-h-96 overflow-y-auto px-4 py-3"
        data-testid="post-preview"
        dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }}
      />
    </section>
  );
}

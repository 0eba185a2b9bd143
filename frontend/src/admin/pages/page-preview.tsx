import { compileStoredPage, PageSourceError } from "@rsv/api/content-page";
import { useDeferredValue, useEffect, useMemo, useState, type MouseEvent } from "react";
import { getI18n } from "react-i18next";
import { loadPageCopy } from "../../i18n/load-copy.js";
import { PreviewLangContext } from "../../i18n/use-lang.js";
import { ContentArticle, fillMeta, useLegalValues } from "../../pages/content/content-article.js";
import type { StoredPageKey } from "../../content/content-pages.js";
import { FaqList } from "../../pages/faq/faq-list.js";
import type { Lang } from "../../routes.js";
import { useAdminCopy } from "../admin-copy.js";
import { bodyProblemText, type PageDraft } from "./page-form.js";

/** Links in the preview stay put: following one would leave the editor. */
function stayOnEditor(event: MouseEvent<HTMLElement>) {
  if ((event.target as HTMLElement).closest("a")) event.preventDefault();
}

function PreviewArticle({
  routeKey,
  lang,
  draft,
  updatedAt,
}: {
  routeKey: StoredPageKey;
  lang: Lang;
  draft: PageDraft;
  updatedAt: string;
}) {
  const { t } = useAdminCopy();
  const compiled = useMemo(() => {
    try {
      return {
        page: compileStoredPage({
          title: draft.title || "…",
          metaTitle: draft.metaTitle || null,
          metaDescription: draft.metaDescription || null,
          body: draft.body,
          updatedAt,
        }),
      };
    } catch (error) {
      if (error instanceof PageSourceError) return { problem: bodyProblemText(error, t) };
      throw error;
    }
  }, [draft, updatedAt, t]);
  const legal = useLegalValues(lang, compiled.page?.meta.updated);
  if (!compiled.page) {
    return (
      <p
        role="status"
        className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950"
        data-testid="page-preview-problem"
      >
        {t("pages.previewProblem", { problem: compiled.problem })}
      </p>
    );
  }
  if (routeKey === "faq") {
    const { meta, blocks } = compiled.page;
    return (
      <div>
        <h1 className="mt-4 text-4xl font-extrabold tracking-tight text-slate-900">{meta.heading ?? meta.title}</h1>
        {meta.lead && <p className="mt-3 text-lg text-slate-600">{meta.lead}</p>}
        <div className="mt-6">
          <FaqList blocks={blocks} />
        </div>
      </div>
    );
  }
  return (
    <ContentArticle
      routeKey={routeKey}
      meta={fillMeta(compiled.page.meta, legal.values)}
      blocks={compiled.page.blocks}
      legal={legal}
    />
  );
}

/**
 * The page as visitors will see it, drawn as they type by the site's own compiler and components, in
 * the page's language (whatever the dashboard's).
 */
export function PagePreview(props: { routeKey: StoredPageKey; lang: Lang; draft: PageDraft; updatedAt: string }) {
  const { t } = useAdminCopy();
  const draft = useDeferredValue(props.draft);
  const [readyLang, setReadyLang] = useState<Lang | null>(null);
  useEffect(() => {
    let current = true;
    void loadPageCopy(getI18n(), props.lang).then(() => {
      if (current) setReadyLang(props.lang);
    });
    return () => {
      current = false;
    };
  }, [props.lang]);
  return (
    <section aria-label={t("pages.preview")} className="min-w-0 rounded-xl border border-slate-200 bg-white">
      <p className="border-b border-slate-200 px-3 py-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
        {t("pages.preview")}
      </p>
      <div
        lang={props.lang}
        className="relative max-h-[40rem] overflow-y-auto px-4 pb-6"
        data-testid="page-preview"
        onClickCapture={stayOnEditor}
      >
        {readyLang === props.lang ? (
          <PreviewLangContext.Provider value={props.lang}>
            <PreviewArticle routeKey={props.routeKey} lang={props.lang} draft={draft} updatedAt={props.updatedAt} />
          </PreviewLangContext.Provider>
        ) : (
          <p className="py-4 text-sm text-slate-500">{t("common.loading")}</p>
        )}
      </div>
    </section>
  );
}

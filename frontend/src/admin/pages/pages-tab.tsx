import type { Language, Page } from "@rsv/api/client";
import { pageBodyIssue } from "@rsv/api/content-page";
import { useMemo, useState, type FormEvent } from "react";
import type { StoredPageKey } from "../../content/content-pages.js";
import { fillText } from "../../content/site-facts.js";
import { useLegalValues } from "../../pages/content/content-article.js";
import { infoPageKeys, routePath, routeSlugs } from "../../routes.js";
import { useAdminCopy } from "../admin-copy.js";
import { errorDetails } from "../api/hooks.js";
import { useBrowsePages, useSavePage } from "../api/pages.js";
import { ListSkeletons, TextArea, TextField } from "../ui/fields.js";
import { RevisionHistory } from "../ui/revision-history.js";
import { confirmDiscard, useFocusFirstInvalid } from "../ui/unsaved-changes.js";
import { SearchPreview } from "../ui/search-preview.js";
import {
  draftFromPage,
  pageInputFromDraft,
  pageLimits,
  bodyProblemText,
  serverErrorsByField,
  validatePage,
  type PageDraft,
  type PageField,
} from "./page-form.js";
import { PagePreview } from "./page-preview.js";
import { pageRows } from "./page-rows.js";
import { pagesDirty, usePagesEditorStore } from "./pages-editor.store.js";

const languages: readonly Language[] = ["en", "es"];

/** The route a stored page shows on, by its key (the English slug). */
function routeKeyOf(key: string): StoredPageKey | undefined {
  return [...infoPageKeys, "faq" as const].find((routeKey) => routeSlugs[routeKey].en === key);
}

export function PagesTab() {
  const { t, lang: adminLang } = useAdminCopy();
  const pages = useBrowsePages();
  const { editing, drafts, open, change, saved, close } = usePagesEditorStore();
  const dirty = usePagesEditorStore(pagesDirty);
  const date = new Intl.DateTimeFormat(adminLang === "es" ? "es-ES" : "en-US", { dateStyle: "medium" });

  const rows = pageRows(pages.data ?? [], adminLang);
  const current = editing ? rows.find((row) => row.key === editing.key)?.versions[editing.lang] : undefined;

  if (editing && current) {
    const id = `${editing.key}/${editing.lang}`;
    return (
      <PageEditor
        key={id}
        page={current}
        draft={drafts[id]?.draft ?? draftFromPage(current)}
        onDraft={(update) => change(id, draftFromPage(current), update)}
        onSaved={() => saved(id)}
        onLanguage={(lang) => open({ ...editing, lang })}
        onClose={async () => {
          if (!dirty || (await confirmDiscard(t))) close();
        }}
        onRestored={close}
      />
    );
  }

  return (
    <div>
      <h2 className="text-xl font-semibold text-slate-900">{t("pages.title")}</h2>
      <p className="mt-1 text-sm text-slate-600">{t("pages.intro")}</p>
      <div className="mt-6">
        {pages.isPending ? (
          <ListSkeletons count={5} testId="page-skeleton" />
        ) : pages.isError ? (
          <p className="text-red-600">{t("common.loadFailed")}</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
            {rows.map(({ key, versions, shown }) => (
              <li
                key={key}
                className="flex flex-wrap items-center gap-3 p-4"
                data-testid="admin-page-row"
                data-key={key}
              >
                <div className="min-w-0 flex-1 basis-56">
                  <p className="font-semibold text-slate-900" lang={shown.lang}>
                    {shown.title}
                  </p>
                  <p className="mt-1 text-xs text-slate-600">
                    {t("pages.updatedOn", { date: date.format(new Date(shown.updatedAt)) })}
                  </p>
                </div>
                <div className="flex gap-2">
                  {languages.map((lang) =>
                    versions[lang] ? (
                      <button
                        key={lang}
                        type="button"
                        className="btn-outline px-3 py-1.5 text-sm"
                        onClick={() => open({ key, lang })}
                        aria-label={t("pages.editIn", {
                          name: versions[lang]!.title,
                          // The button's own word ("Español"), so its spoken name holds what it shows.
                          language: t(`common.languages.${lang}`),
                        })}
                        data-testid={`edit-page-${lang}`}
                      >
                        {t(`common.languages.${lang}`)}
                      </button>
                    ) : null,
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function PageEditor({
  page,
  draft,
  onDraft,
  onSaved,
  onLanguage,
  onClose,
  onRestored,
}: {
  page: Page;
  draft: PageDraft;
  onDraft: (update: (before: PageDraft) => PageDraft) => void;
  /** The draft is stored. */
  onSaved: () => void;
  onLanguage: (lang: Language) => void;
  /** Back to the list, asking first when a draft would be lost. */
  onClose: () => void;
  /** Back to the list once an earlier revision is stored: the drafts were of the page it replaced. */
  onRestored: () => void;
}) {
  const { t } = useAdminCopy();
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<PageField, string>>>({});
  // The first field marked takes the focus: the save button is at the bottom, the fields far above it.
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const save = useSavePage({
    onSuccess: () => {
      setServerErrors({});
      onSaved();
    },
  });
  const routeKey = routeKeyOf(page.key);
  // The search result shows the site's name and facts where the page names them ("How {{siteName}} earns
  // money"), as visitors' pages do, and counts them so.
  const legal = useLegalValues(page.lang, undefined);
  const filled = (text: string) => fillText(text, legal.values);
  const errors = attempted ? validatePage(draft) : {};
  // A body that does not compile is refused here, in the admin's words, naming its line (the preview says
  // the same as the owner types); compiled once per edit of the body.
  const bodyIssue = useMemo(
    () => (attempted && draft.body.trim() ? pageBodyIssue(draft.body) : undefined),
    [attempted, draft.body],
  );
  const errorOf = (field: PageField) => {
    if (errors[field]) return t(`pages.errors.${errors[field]}`);
    if (field === "body" && bodyIssue) return bodyProblemText(bodyIssue, t);
    return serverErrors[field] ?? null;
  };
  const label = (field: string) => t(`pages.fields.${field}`);
  const change = (field: PageField) => (value: string) => {
    onDraft((before) => ({ ...before, [field]: value }));
    setServerErrors(({ [field]: _cleared, ...rest }) => rest);
  };
  const path = routeKey ? routePath(routeKey, page.lang) : `/${page.key}`;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAttempted(true);
    if (save.isPending) return;
    if (Object.keys(validatePage(draft)).length > 0 || pageBodyIssue(draft.body)) return focusFirstInvalid();
    save.mutate(
      { key: page.key, lang: page.lang, body: pageInputFromDraft(draft) },
      {
        onError: (error) => {
          setServerErrors(serverErrorsByField(errorDetails(error)));
          focusFirstInvalid();
        },
      },
    );
  }

  const shownErrors =
    attempted && (Object.keys(errors).length > 0 || bodyIssue !== undefined || Object.keys(serverErrors).length > 0);
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="space-y-5" data-testid="page-editor" lang={page.lang}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <button
          type="button"
          className="inline-flex min-h-11 items-center text-sm font-medium text-wine-700 hover:underline"
          onClick={onClose}
        >
          {t("pages.back")}
        </button>
        <div
          role="group"
          aria-label={t("pages.language")}
          className="flex overflow-hidden rounded-lg border border-slate-300"
        >
          {languages.map((lang) => (
            <button
              key={lang}
              type="button"
              aria-pressed={page.lang === lang}
              onClick={() => onLanguage(lang)}
              className={`px-3 py-1.5 text-sm font-semibold ${page.lang === lang ? "bg-wine-700 text-white" : "bg-white text-slate-700 hover:bg-slate-100"}`}
            >
              {t(`common.languages.${lang}`)}
            </button>
          ))}
        </div>
      </div>
      <div>
        <h2 className="text-xl font-semibold break-words text-slate-900">
          {t("pages.editing", { name: page.title, language: t(`common.languageInText.${page.lang}`) })}
        </h2>
        <a href={path} target="_blank" rel="noreferrer" className="text-sm break-all text-wine-700 underline">
          {path}
        </a>
      </div>
      <TextField
        label={label("title")}
        value={draft.title}
        onValue={change("title")}
        error={errorOf("title")}
        maxLength={pageLimits.title}
        hint={t("pages.hints.title")}
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="space-y-4">
          <TextField
            label={label("metaTitle")}
            value={draft.metaTitle}
            onValue={change("metaTitle")}
            error={errorOf("metaTitle")}
            maxLength={pageLimits.metaTitle}
            hint={t("pages.hints.metaTitle")}
          />
          <TextArea
            label={label("metaDescription")}
            value={draft.metaDescription}
            onValue={change("metaDescription")}
            error={errorOf("metaDescription")}
            maxLength={pageLimits.metaDescription}
            rows={3}
          />
        </div>
        <SearchPreview
          lang={page.lang}
          path={path}
          title={filled(draft.metaTitle.trim() || draft.title)}
          description={filled(draft.metaDescription.trim())}
        />
      </div>
      <div className="grid gap-4 xl:grid-cols-2">
        <TextArea
          label={label("body")}
          value={draft.body}
          onValue={change("body")}
          error={errorOf("body")}
          hint={t("pages.hints.body")}
          rows={24}
          spellCheck={false}
          data-testid="page-body"
          className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 font-mono text-xs aria-[invalid=true]:border-red-500"
        />
        {routeKey && <PagePreview routeKey={routeKey} lang={page.lang} draft={draft} updatedAt={page.updatedAt} />}
      </div>
      <RevisionHistory entity="page" entityId={`${page.key}.${page.lang}`} onRestored={onRestored} />
      {shownErrors && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
          {t("common.fixErrors")}
        </p>
      )}
      {/* One row, kept low: on a phone it covered the previews in two rows. The way back is at the top there. */}
      <div className="sticky bottom-0 flex justify-end gap-3 border-t border-slate-200 bg-white py-3">
        <button type="button" className="btn-outline max-sm:hidden" onClick={onClose}>
          {t("pages.back")}
        </button>
        <button
          type="submit"
          className="btn-primary w-full sm:w-auto"
          disabled={save.isPending}
          data-testid="page-save"
        >
          {save.isPending ? t("common.saving") : t("pages.save")}
        </button>
      </div>
    </form>
  );
}

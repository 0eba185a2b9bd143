import { useState } from "react";
import { Link } from "react-router-dom";
import { PageFrame, routeAlternates } from "../../components/layout/page-frame.js";
import { useCopy } from "../../i18n/use-lang.js";
import { routePath } from "../../routes.js";
import { faqPageJsonLd } from "../../seo/structured-data.js";
import { faqCategories, faqQuestionIds, toggleFaq } from "./faq-accordion.js";

export function FaqList() {
  const { t } = useCopy("faq");
  const [openId, setOpenId] = useState<string | null>(null);
  const questions = faqQuestionIds();
  return (
    <div className="space-y-10">
      {/* Without JavaScript the answers cannot be opened: a style in the document head shows them all. */}
      {faqCategories.map(({ id: category }) => (
        <section key={category} aria-labelledby={`faq-${category}`} data-testid={`faq-category-${category}`}>
          <h2 id={`faq-${category}`} className="text-2xl font-bold text-slate-900">
            {t(`categories.${category}.title`)}
          </h2>
          <ul className="mt-4 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
            {questions
              .filter((question) => question.category === category)
              .map((question) => {
                const open = openId === question.id;
                return (
                  <li key={question.id} data-testid="faq-item">
                    <h3>
                      <button
                        type="button"
                        id={`${question.id}-button`}
                        aria-expanded={open}
                        aria-controls={`${question.id}-answer`}
                        onClick={() => setOpenId((current) => toggleFaq(current, question.id))}
                        className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-semibold text-slate-900 hover:bg-slate-50"
                      >
                        {t(`${question.key}.q`)}
                        <span
                          aria-hidden="true"
                          className={`text-xl text-wine-700 transition-transform ${open ? "rotate-45" : ""}`}
                        >
                          +
                        </span>
                      </button>
                    </h3>
                    <div
                      id={`${question.id}-answer`}
                      role="region"
                      aria-labelledby={`${question.id}-button`}
                      hidden={!open}
                      className="faq-answer px-5 pb-5 text-slate-600"
                    >
                      {t(`${question.key}.a`)}
                    </div>
                  </li>
                );
              })}
          </ul>
        </section>
      ))}
    </div>
  );
}

export function FaqPage() {
  const { t, lang } = useCopy("faq");
  const common = useCopy().t;
  const path = routePath("faq", lang);
  const questions = faqQuestionIds().map((question) => ({
    question: t(`${question.key}.q`),
    answer: t(`${question.key}.a`),
  }));
  return (
    <PageFrame
      className="container-page max-w-4xl py-10"
      head={{
        title: t("meta.title"),
        description: t("meta.description"),
        path,
        alternates: routeAlternates("faq"),
        jsonLd: [faqPageJsonLd(questions, lang)],
      }}
      trail={[{ name: common("routes.faq"), path }]}
    >
      <h1 className="mt-4 text-4xl font-extrabold tracking-tight text-slate-900">{t("title")}</h1>
      <p className="mt-3 text-lg text-slate-600">{t("subtitle")}</p>
      <div className="mt-10">
        <FaqList />
      </div>
      <section aria-labelledby="support-title" className="mt-16 rounded-3xl bg-wine-50 p-8 text-center">
        <h2 id="support-title" className="text-2xl font-bold text-slate-900">
          {t("support.title")}
        </h2>
        <p className="mx-auto mt-2 max-w-2xl text-slate-600">{t("support.text")}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to={routePath("blog", lang)} className="btn-outline">
            {t("support.research")}
          </Link>
          <Link to={routePath("comparison", lang)} className="btn-primary">
            {t("support.compare")}
          </Link>
        </div>
      </section>
      <p className="mt-8 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950" role="note">
        {t("disclaimer")}
      </p>
    </PageFrame>
  );
}

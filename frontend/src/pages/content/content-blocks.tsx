import type { MouseEvent } from "react";
import { useNavigate } from "react-router-dom";
import type { ContentBlock, FaqEntry } from "../../content/content-page.js";
import { isChartName } from "../../content/figures.js";
import { isProductRuleName } from "../../content/product-rules.js";
import { fillPlaceholders } from "../../content/site-facts.js";
import { useCopy } from "../../i18n/use-lang.js";
import { BarChart } from "./bar-chart.js";
import { FeaturedProduct, RuleProductList } from "./landing-products.js";

const calloutTones: Record<string, string> = {
  info: "border-wine-200 bg-wine-50",
  tip: "border-emerald-200 bg-emerald-50",
  warning: "border-amber-300 bg-amber-50",
};

const cardColumns: Record<number, string> = {
  2: "sm:grid-cols-2",
  3: "sm:grid-cols-2 lg:grid-cols-3",
  4: "sm:grid-cols-2 lg:grid-cols-4",
};

/** Links inside content are plain anchors; same-site ones navigate in the app once it has hydrated. */
function useInAppLinks() {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    const anchor = (event.target as HTMLElement).closest("a");
    const href = anchor?.getAttribute("href");
    if (!anchor || !href || anchor.target || !href.startsWith("/") || href.startsWith("/go/")) return;
    event.preventDefault();
    navigate(href);
  };
}

function Html({ html, values, className }: { html: string; values: Record<string, string>; className?: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: fillPlaceholders(html, values) }} />;
}

export function FaqSection({ entries, id }: { entries: FaqEntry[]; id?: string }) {
  const { t } = useCopy("content");
  return (
    <section id={id ?? "faq"} data-section="faq" aria-labelledby="content-faq-title" className="my-12">
      <h2 id="content-faq-title" className="text-2xl font-bold text-slate-900">
        {t("faqTitle")}
      </h2>
      <div className="mt-4 divide-y divide-slate-200 rounded-2xl border border-slate-200">
        {entries.map((entry) => (
          <details key={entry.question} className="group p-5">
            <summary className="cursor-pointer list-none font-semibold text-slate-900 marker:hidden">
              <span className="flex items-start justify-between gap-4">
                {entry.question}
                <span aria-hidden="true" className="text-wine-700 transition-transform group-open:rotate-45">
                  +
                </span>
              </span>
            </summary>
            <p className="mt-3 text-slate-700">{entry.answer}</p>
          </details>
        ))}
      </div>
    </section>
  );
}

/** The blocks of a compiled content file, in order. */
export function ContentBlocks({
  blocks,
  faq,
  values,
}: {
  blocks: ContentBlock[];
  faq: FaqEntry[];
  values: Record<string, string>;
}) {
  const onClick = useInAppLinks();
  return (
    // Delegated clicks on ordinary links; keyboard activation of a link fires click as well.
    <div onClick={onClick}>
      {blocks.map((block, index) => {
        switch (block.type) {
          case "html":
            return <Html key={index} html={block.html} values={values} className="prose-content" />;
          case "callout":
            return (
              // A note within the text, not a page landmark (an <aside> would need a name of its own).
              <div
                key={index}
                id={block.id}
                role="note"
                data-section={block.id}
                className={`my-8 rounded-2xl border p-5 sm:p-6 ${calloutTones[block.tone] ?? calloutTones.info}`}
              >
                <Html
                  html={block.html}
                  values={values}
                  className="prose-content [&>*:first-child]:mt-0 [&>*:last-child]:mb-0"
                />
              </div>
            );
          case "cards":
            return (
              <div
                key={index}
                id={block.id}
                data-section={block.id}
                className={`my-8 grid gap-4 ${cardColumns[block.columns] ?? cardColumns[3]}`}
              >
                {block.cards.map((card, cardIndex) => (
                  <Html
                    key={cardIndex}
                    html={card}
                    values={values}
                    className="prose-content rounded-2xl border border-slate-200 bg-white p-5 shadow-sm [&_h3]:mt-0 [&>*:last-child]:mb-0"
                  />
                ))}
              </div>
            );
          case "figure":
            return isChartName(block.name) ? (
              <BarChart key={index} name={block.name} copy={block.copy} id={block.id} />
            ) : null;
          case "products":
            return isProductRuleName(block.rule) ? (
              <RuleProductList key={index} rule={block.rule} copy={block.copy} id={block.id} />
            ) : null;
          case "featured":
            return isProductRuleName(block.rule) ? (
              <FeaturedProduct key={index} rule={block.rule} copy={block.copy} id={block.id} />
            ) : null;
          case "faq":
            return faq.length > 0 ? <FaqSection key={index} entries={faq} id={block.id} /> : null;
        }
      })}
    </div>
  );
}

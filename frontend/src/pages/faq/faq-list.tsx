import { useState } from "react";
import type { ContentBlock } from "../../content/content-page.js";
import { toggleFaq } from "./faq-accordion.js";

/** The page's blocks in order: prose as written, each faq block's questions as an accordion. */
export function FaqList({ blocks }: { blocks: ContentBlock[] }) {
  const [openId, setOpenId] = useState<string | null>(null);
  return (
    <div className="space-y-6">
      {/* Without JavaScript the answers cannot be opened: a style in the document head shows them all. */}
      {blocks.map((block, blockIndex) => {
        if (block.type === "html") {
          return (
            <div
              key={blockIndex}
              className="prose-content [&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-slate-900"
              dangerouslySetInnerHTML={{ __html: block.html }}
            />
          );
        }
        if (block.type !== "faq" || !block.entries?.length) return null;
        const category = block.id ?? `faq-${blockIndex}`;
        return (
          <ul
            key={blockIndex}
            data-testid={`faq-category-${category}`}
            className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white"
          >
            {block.entries.map((entry, index) => {
              const id = `${category}-q${index + 1}`;
              const open = openId === id;
              return (
                <li key={id} data-testid="faq-item">
                  <h3>
                    <button
                      type="button"
                      id={`${id}-button`}
                      aria-expanded={open}
                      aria-controls={`${id}-answer`}
                      onClick={() => setOpenId((current) => toggleFaq(current, id))}
                      className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-semibold text-slate-900 hover:bg-slate-50"
                    >
                      {entry.question}
                      <span
                        aria-hidden="true"
                        className={`text-xl text-wine-700 transition-transform ${open ? "rotate-45" : ""}`}
                      >
                        +
                      </span>
                    </button>
                  </h3>
                  <div
                    id={`${id}-answer`}
                    role="region"
                    aria-labelledby={`${id}-button`}
                    hidden={!open}
                    className="faq-answer prose-content px-5 pb-5 text-slate-600 [&>*:first-child]:mt-0 [&>*:last-child]:mb-0"
                    dangerouslySetInnerHTML={{ __html: entry.html }}
                  />
                </li>
              );
            })}
          </ul>
        );
      })}
    </div>
  );
}

import type { ReactNode } from "react";
import { useLang } from "../../i18n/use-lang.js";
import { PageHead } from "../../seo/page-head.js";
import { Icon, type IconName } from "../ui/icons.js";

interface NotFoundCardProps {
  title: string;
  text: string;
  /** For search results and link previews; the text by default. */
  description?: string;
  /** The path the visitor asked for (the page is not indexed). */
  path: string;
  icon: IconName;
  testId: string;
  /** Where the visitor can go from here. */
  children: ReactNode;
}

/** The card every "not found" answers with: unknown path, article or product. */
export function NotFoundCard({ title, text, description = text, path, icon, testId, children }: NotFoundCardProps) {
  const lang = useLang();
  return (
    <div className="container-page grid min-h-[50vh] place-items-center py-16">
      <PageHead head={{ lang, title, description, path, alternates: {}, noindex: true }} />
      <div
        className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm"
        data-testid={testId}
      >
        <span className="mx-auto grid h-16 w-16 place-items-center rounded-full bg-wine-50 text-wine-700">
          <Icon name={icon} className="h-8 w-8" />
        </span>
        <h1 className="mt-4 text-2xl font-bold text-slate-900">{title}</h1>
        <p className="mt-3 text-slate-600">{text}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">{children}</div>
      </div>
    </div>
  );
}

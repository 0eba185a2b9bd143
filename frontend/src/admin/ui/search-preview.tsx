import { useAdminCopy } from "../admin-copy.js";

/** About what a search result shows before cutting the text off. */
export const searchLimits = { title: 60, description: 160 } as const;

function Counter({ length, limit }: { length: number; limit: number }) {
  const { t } = useAdminCopy();
  const over = length > limit;
  return (
    <span className={over ? "font-semibold text-amber-800" : "text-slate-500"} data-over={over || undefined}>
      {t(over ? "seo.over" : "seo.count", { count: length, limit })}
    </span>
  );
}

/** An address as a search result shows it: "/blog/…", not "/blog/%E2%80%A6". */
export function readablePath(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/**
 * How a page will look as a search result: its address, title and description, cut where search
 * engines cut them, with each length against its limit.
 */
export function SearchPreview({
  title,
  description,
  path,
  lang,
}: {
  title: string;
  description: string;
  path: string;
  lang: "en" | "es";
}) {
  const { t } = useAdminCopy();
  const cut = (text: string, limit: number) => (text.length > limit ? `${text.slice(0, limit - 1).trimEnd()}…` : text);
  return (
    // A long word or address wraps: unbroken, it made the dialog wider than a phone's screen.
    <figure
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-3 wrap-anywhere"
      data-testid={`search-preview-${lang}`}
    >
      <figcaption className="mb-1 text-xs font-semibold text-slate-600">
        {t("seo.preview", { language: t(`common.languageInText.${lang}`) })}
      </figcaption>
      <p className="truncate text-xs text-emerald-800">{readablePath(path)}</p>
      <p className="text-lg leading-snug text-blue-800" lang={lang}>
        {cut(title, searchLimits.title)}
      </p>
      <p className="text-sm text-slate-700" lang={lang}>
        {cut(description, searchLimits.description)}
      </p>
      <p className="mt-2 flex flex-wrap gap-x-4 text-xs">
        <span>
          {t("seo.title")}: <Counter length={title.length} limit={searchLimits.title} />
        </span>
        <span>
          {t("seo.description")}: <Counter length={description.length} limit={searchLimits.description} />
        </span>
      </p>
    </figure>
  );
}

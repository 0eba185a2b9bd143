import { useId } from "react";
import { useCopy } from "../../i18n/use-lang.js";
import { formatDecimal, starParts } from "../../lib/product-figures.js";

const starPath = "M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z";

function Star({ fill }: { fill: "full" | "half" | "empty" }) {
  const clipId = useId();
  return (
    <svg viewBox="0 0 20 20" className="h-4 w-4" aria-hidden="true" data-star={fill}>
      {fill === "half" ? (
        <>
          <defs>
            <clipPath id={clipId}>
              <rect x="0" y="0" width="10" height="20" />
            </clipPath>
          </defs>
          <path d={starPath} className="fill-slate-300" />
          <path d={starPath} className="fill-amber-400" clipPath={`url(#${clipId})`} />
        </>
      ) : (
        <path d={starPath} className={fill === "full" ? "fill-amber-400" : "fill-slate-300"} />
      )}
    </svg>
  );
}

export function StarRating({ rating, showValue = false }: { rating: string | number; showValue?: boolean }) {
  const { t, lang } = useCopy();
  const { full, half, empty } = starParts(rating);
  const label = t("product.ratingLabel", { rating: formatDecimal(rating, lang) });
  return (
    <span className="inline-flex items-center gap-1.5" role="img" aria-label={label}>
      <span className="inline-flex">
        {Array.from({ length: full }, (_, index) => (
          <Star key={`full-${index}`} fill="full" />
        ))}
        {half && <Star fill="half" />}
        {Array.from({ length: empty }, (_, index) => (
          <Star key={`empty-${index}`} fill="empty" />
        ))}
      </span>
      {showValue && (
        <span className="text-sm font-semibold text-slate-700" aria-hidden="true">
          {formatDecimal(rating, lang)}
        </span>
      )}
    </span>
  );
}

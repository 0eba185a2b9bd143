import { useCopy } from "../../i18n/use-lang.js";
import { formatDecimal, starParts } from "../../lib/product-figures.js";

/** The filled share of the five stars, in half stars (4.5 fills 90 %), as the `stars` utility draws it. */
export function starFill(rating: string | number): number {
  const { full, half } = starParts(rating);
  return full * 2 + (half ? 1 : 0);
}

/**
 * Five grey stars with the filled part laid over them and clipped to the rating (the `stars` utility in
 * styles.css): two elements instead of five inline SVGs, which on the comparison page's hundred ratings
 * was a fifth of its HTML. The rating is given as text to screen readers.
 */
export function StarRating({ rating, showValue = false }: { rating: string | number; showValue?: boolean }) {
  const { t, lang } = useCopy();
  const label = t("product.ratingLabel", { rating: formatDecimal(rating, lang) });
  const halves = starFill(rating);
  return (
    <span className="inline-flex items-center gap-1.5" role="img" aria-label={label}>
      <span className="stars" data-stars={halves / 2}>
        <span style={{ width: `${halves * 10}%` }} />
      </span>
      {showValue && (
        <span className="text-sm font-semibold text-slate-700" aria-hidden="true">
          {formatDecimal(rating, lang)}
        </span>
      )}
    </span>
  );
}

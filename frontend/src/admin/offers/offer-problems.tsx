import { useAdminCopy } from "../admin-copy.js";
import { useAdminUiStore } from "../admin.store.js";
import { useBrowseOffers } from "../api/offers.js";
import { useOfferFiltersStore } from "./offers.store.js";
import { hasProblem } from "./offers-view.js";

/** On every tab: how many offers are broken or out of stock, with the way to the Offers tab showing only those. */
export function OfferProblems() {
  const { t } = useAdminCopy();
  const offers = useBrowseOffers();
  const setTab = useAdminUiStore((state) => state.setTab);
  const showProblems = useOfferFiltersStore((state) => state.showProblems);
  const count = (offers.data ?? []).filter(hasProblem).length;
  if (count === 0) return null;
  return (
    <p
      className="mb-4 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950"
      data-testid="offer-problems"
    >
      <span>{t("offers.problems.count", { count })}</span>
      <button
        type="button"
        className="inline-flex min-h-11 items-center font-semibold text-amber-900 underline hover:text-amber-700"
        onClick={() => {
          showProblems();
          setTab("offers");
        }}
      >
        {t("offers.problems.show", { count })}
      </button>
    </p>
  );
}

import type { Offer, OfferStatus } from "@rsv/api/client";
import { readCheckDetail } from "@rsv/api/check-details";
import type { AdminT } from "../admin-copy.js";
import type { OfferFilters } from "./offers.store.js";

/**
 * A check's detail in the admin's language: read back through the sentences the checker writes it with
 * (`@rsv/api/check-details`), said in the dashboard's words; any other text as it is.
 */
export function checkDetailText(detail: string, t: AdminT): string {
  const read = readCheckDetail(detail);
  return read ? t(`offers.checkDetails.${read.reason}`, read.values) : detail;
}

const problemStatuses: ReadonlySet<OfferStatus> = new Set(["broken", "out_of_stock"]);

/** Broken or out of stock: a visitor is not sent to it, and the owner should look. */
export function hasProblem(offer: Pick<Offer, "health">): boolean {
  return problemStatuses.has(offer.health.status);
}

/** The offers the tab's filters let through, in the order the server lists them. */
export function filterOffers<T extends Pick<Offer, "health" | "productId" | "market">>(
  offers: readonly T[],
  filters: OfferFilters,
): T[] {
  return offers.filter(
    (offer) =>
      (filters.status === "" ||
        (filters.status === "problems" ? hasProblem(offer) : offer.health.status === filters.status)) &&
      (filters.productId === "" || String(offer.productId) === filters.productId) &&
      (filters.market === "" || offer.market === filters.market),
  );
}

/** The markets the offers are in, `default` first, then by code. */
export function marketsOf(offers: ReadonlyArray<Pick<Offer, "market">>): string[] {
  return [...new Set(offers.map((offer) => offer.market))].sort((a, b) =>
    a === "default" ? -1 : b === "default" ? 1 : a.localeCompare(b),
  );
}

/** Sold-out phrases as the owner types them: one per line, blank lines and repeats dropped. */
export function phrasesOf(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
    ),
  ];
}

/** How far a check run has got, as a whole percentage (0 for an empty run). */
export function runPercent(run: { done: number; total: number }): number {
  return run.total > 0 ? Math.min(100, Math.round((run.done / run.total) * 100)) : 0;
}

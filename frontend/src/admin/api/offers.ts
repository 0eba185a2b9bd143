import { unwrap, type LinkCheckSettings, type OfferInput } from "@rsv/api/client";
import { queryKeys } from "../../api/queries.js";
import { createMutation, createQuery } from "./hooks.js";

/** An offer shows on its product's public reads (and the admin's product list) as well as in the offers list. */
const offerReads = [
  ["/api/offers"],
  ["/api/products"],
  ["/api/products/facets"],
  ["/api/products/slug"],
  ["/api/products/id"],
];

/** Every offer with its health and last checks, by product, market and price. */
export const useBrowseOffers = createQuery({
  key: queryKeys.adminOffers,
  load: (api) => unwrap(api.GET("/api/offers")),
});

export const useAddOffer = createMutation({
  call: (api, body: OfferInput) => unwrap(api.POST("/api/offers", { body })),
  invalidates: offerReads,
  success: (t, offer) => ({ title: t("offers.toast.created"), description: offer.retailer }),
  failure: (t) => t("offers.toast.createFailed"),
});

export const useEditOffer = createMutation({
  call: (api, { id, body }: { id: number; body: OfferInput }) =>
    unwrap(api.PUT("/api/offers/{id}", { params: { path: { id } }, body })),
  invalidates: offerReads,
  success: (t, offer) => ({ title: t("offers.toast.updated"), description: offer.retailer }),
  failure: (t) => t("offers.toast.updateFailed"),
});

export const useDeleteOffer = createMutation({
  call: (api, id: number) => unwrap(api.DELETE("/api/offers/{id}", { params: { path: { id } } })),
  invalidates: offerReads,
  success: (t) => ({ title: t("offers.toast.deleted") }),
  failure: (t) => t("offers.toast.deleteFailed"),
});

/** The latest check run: idle, or running with how many of its offers are checked. */
export const useOfferCheckRun = createQuery({
  key: queryKeys.offerCheckRun,
  load: (api) => unwrap(api.GET("/api/offers/check")),
});

/** Checks the given offers, or every offer without ids; answers at once with the run they joined. */
export const useCheckOffers = createMutation({
  call: (api, ids: number[] | null) => unwrap(api.POST("/api/offers/check", { body: ids ? { ids } : {} })),
  invalidates: [queryKeys.offerCheckRun()],
  failure: (t) => t("offers.toast.checkFailed"),
});

export const useLinkCheckSettings = createQuery({
  key: queryKeys.linkCheckSettings,
  load: (api) => unwrap(api.GET("/api/offers/settings")),
});

export const useEditLinkCheckSettings = createMutation({
  call: (api, body: LinkCheckSettings) => unwrap(api.PUT("/api/offers/settings", { body })),
  invalidates: [queryKeys.linkCheckSettings()],
  success: (t) => ({ title: t("offers.toast.settingsSaved") }),
  failure: (t) => t("offers.toast.settingsFailed"),
});

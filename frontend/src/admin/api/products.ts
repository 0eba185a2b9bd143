import { unwrap, type ProductInput } from "@rsv/api/client";
import { queryKeys } from "../../api/queries.js";
import { createMutation, createQuery } from "./hooks.js";

/** Every public read of the catalogue starts with one of these. */
const catalogueReads = [["/api/products"], ["/api/products/facets"], ["/api/products/slug"], ["/api/products/id"]];

/** English records with their Spanish translations, in ranking order, those scheduled for later too. */
export const useBrowseProducts = createQuery({
  key: queryKeys.adminProducts,
  load: (api) => unwrap(api.GET("/api/products", { params: { query: { includeScheduled: true } } })),
});

export const useAddProduct = createMutation({
  call: (api, body: ProductInput) => unwrap(api.POST("/api/products", { body })),
  invalidates: catalogueReads,
  success: (t, product) => ({ title: t("products.toast.created"), description: product.name }),
  failure: (t) => t("products.toast.createFailed"),
});

export const useEditProduct = createMutation({
  call: (api, { id, body }: { id: number; body: ProductInput }) =>
    unwrap(api.PUT("/api/products/{id}", { params: { path: { id } }, body })),
  invalidates: catalogueReads,
  success: (t, product) => ({ title: t("products.toast.updated"), description: product.name }),
  failure: (t) => t("products.toast.updateFailed"),
});

export const useDeleteProduct = createMutation({
  call: (api, id: number) => unwrap(api.DELETE("/api/products/{id}", { params: { path: { id } } })),
  invalidates: catalogueReads,
  success: (t) => ({ title: t("products.toast.deleted") }),
  failure: (t) => t("products.toast.deleteFailed"),
});

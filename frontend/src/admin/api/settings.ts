import { unwrap, type SiteSettingsInput } from "@rsv/api/client";
import { queryKeys } from "../../api/queries.js";
import { createMutation, createQuery } from "./hooks.js";

export const useSiteSettings = createQuery({
  key: queryKeys.siteSettings,
  load: (api) => unwrap(api.GET("/api/site-settings")),
});

export const useEditSiteSettings = createMutation({
  call: (api, body: SiteSettingsInput) => unwrap(api.PUT("/api/site-settings", { body })),
  invalidates: [queryKeys.siteSettings()],
  success: (t) => ({ title: t("settings.toast.updated") }),
  failure: (t) => t("settings.toast.updateFailed"),
});

/** Saved at once, so the new logo is live without a second step. */
export const useSetLogo = createMutation({
  call: (api, logoUrl: string) => unwrap(api.PUT("/api/site-settings", { body: { logoUrl } })),
  invalidates: [queryKeys.siteSettings()],
  success: (t) => ({ title: t("images.toast.logoSaved"), description: t("images.toast.logoSavedText") }),
  failure: (t) => t("settings.toast.updateFailed"),
});

import type { OperationRouter } from "@rsv/kit";
import { DEFAULT_SETTINGS, normalizeSettingsInput } from "../domain/settings.js";
import type { SettingsRepository } from "../repository/settings.repository.js";

export function settingsRoutes(router: OperationRouter, settings: SettingsRepository): void {
  router.on(
    "getSiteSettings",
    async (ctx) => {
      ctx.body = (await settings.get()) ?? { ...DEFAULT_SETTINGS, updatedAt: new Date(0).toISOString() };
    },
    { readCache: true },
  );

  router.on("updateSiteSettings", async (ctx, { body }) => {
    const { updatedAt: _updatedAt, ...current } = (await settings.get()) ?? { ...DEFAULT_SETTINGS, updatedAt: "" };
    ctx.body = await settings.update(normalizeSettingsInput(body, current), DEFAULT_SETTINGS);
    ctx.state.audit = { target: { entity: "site-settings" }, before: current, after: ctx.body };
  });
}

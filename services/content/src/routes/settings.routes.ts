import type { OperationRouter, RevisionStore } from "@rsv/kit";
import {
  DEFAULT_SETTINGS,
  normalizeSettingsInput,
  type SettingsValues,
  type SiteSettings,
} from "../domain/settings.js";
import type { SettingsRepository } from "../repository/settings.repository.js";

/** The settings as saved, or the defaults before the first save. */
export async function currentSettings(settings: SettingsRepository): Promise<SettingsValues> {
  return settingsSnapshot((await settings.get()) ?? { ...DEFAULT_SETTINGS, updatedAt: "" });
}

/** What a revision keeps of the settings: every field but the time of the save. */
export function settingsSnapshot(saved: SiteSettings): SettingsValues {
  const { updatedAt: _updatedAt, ...values } = saved;
  return values;
}

export function settingsRoutes(router: OperationRouter, settings: SettingsRepository, revisions: RevisionStore): void {
  router.on(
    "getSiteSettings",
    async (ctx) => {
      ctx.body = (await settings.get()) ?? { ...DEFAULT_SETTINGS, updatedAt: new Date(0).toISOString() };
    },
    { readCache: true },
  );

  router.on("updateSiteSettings", async (ctx, { body, admin }) => {
    const current = await currentSettings(settings);
    const saved = await settings.update(normalizeSettingsInput(body, current), DEFAULT_SETTINGS);
    await revisions.record({
      entity: "settings",
      entityId: "site",
      actor: admin,
      before: current,
      after: settingsSnapshot(saved),
    });
    ctx.body = saved;
    ctx.state.audit = { target: { entity: "site-settings" }, before: current, after: saved };
  });
}

import type { SiteSettings, SiteSettingsInput } from "@rsv/api/client";
import { create } from "zustand";
import type { FormEvent } from "react";
import { useAdminCopy } from "../admin-copy.js";
import { useEditSiteSettings, useSiteSettings } from "../api/settings.js";
import { ImageUrlField } from "../images/image-picker.js";
import { TextArea, TextField } from "../ui/fields.js";

type SettingsField = keyof SiteSettingsInput;
type FieldKind = "text" | "long" | "image" | "date";

/**
 * Every field of the contract's site settings and how it is edited. Typed as a record over the contract's
 * input, so a field added to the contract fails the type check until the form shows it.
 */
const fieldKinds: Record<SettingsField, FieldKind> = {
  siteName: "text",
  logoUrl: "image",
  faviconUrl: "image",
  description: "long",
  legalName: "text",
  contactAddress: "long",
  legalEffectiveDate: "date",
};
export const settingsFields = Object.keys(fieldKinds) as SettingsField[];
type SettingsDraft = Record<SettingsField, string>;

/** null while the owner has changed nothing: the form then shows the saved values. */
const useSettingsDraftStore = create<{ draft: SettingsDraft | null; set: (draft: SettingsDraft | null) => void }>(
  (set) => ({ draft: null, set: (draft) => set({ draft }) }),
);

function draftOf(settings: SiteSettings): SettingsDraft {
  return Object.fromEntries(settingsFields.map((field) => [field, settings[field] ?? ""])) as SettingsDraft;
}

function inputOf(draft: SettingsDraft): SiteSettingsInput {
  return {
    siteName: draft.siteName.trim(),
    ...Object.fromEntries(
      settingsFields.filter((field) => field !== "siteName").map((field) => [field, draft[field].trim() || null]),
    ),
  };
}

export function SettingsTab() {
  const { t, lang } = useAdminCopy();
  const settings = useSiteSettings();
  const { draft, set } = useSettingsDraftStore();
  const save = useEditSiteSettings({ onSuccess: () => set(null) });

  if (settings.isPending) return <p className="text-slate-500">{t("common.loading")}</p>;
  if (settings.isError) return <p className="text-red-600">{t("common.loadFailed")}</p>;
  const values = draft ?? draftOf(settings.data);
  const change = (field: SettingsField, value: string) => set({ ...values, [field]: value });
  const nameMissing = !values.siteName.trim();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (nameMissing || save.isPending) return;
    save.mutate(inputOf(values));
  }

  return (
    <form onSubmit={onSubmit} noValidate className="max-w-2xl space-y-5">
      <h2 className="text-xl font-semibold text-slate-900">{t("settings.title")}</h2>
      {settingsFields.map((field) => {
        const label = t(`settings.fields.${field}`);
        const onValue = (value: string) => change(field, value);
        switch (fieldKinds[field]) {
          case "image":
            return <ImageUrlField key={field} label={label} value={values[field]} onValue={onValue} />;
          case "long":
            return <TextArea key={field} label={label} value={values[field]} onValue={onValue} rows={3} />;
          case "date":
            return <TextField key={field} type="date" label={label} value={values[field]} onValue={onValue} />;
          case "text":
            return (
              <TextField
                key={field}
                label={label}
                value={values[field]}
                onValue={onValue}
                error={field === "siteName" && nameMissing ? t("settings.siteNameRequired") : null}
              />
            );
        }
      })}
      <p className="text-xs text-slate-500">
        {t("settings.updatedAt", {
          date: new Date(settings.data.updatedAt).toLocaleString(lang === "es" ? "es-ES" : "en-US"),
        })}
      </p>
      <div className="flex gap-3">
        <button type="button" className="btn-outline" disabled={!draft} onClick={() => set(null)}>
          {t("common.cancel")}
        </button>
        <button type="submit" className="btn-primary" disabled={!draft || nameMissing || save.isPending}>
          {save.isPending ? t("common.saving") : t("settings.save")}
        </button>
      </div>
    </form>
  );
}

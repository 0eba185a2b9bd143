import type { Language, SiteSettings, SiteSettingsInput } from "@rsv/api/client";
import { create } from "zustand";
import type { FormEvent } from "react";
import { useAdminCopy } from "../admin-copy.js";
import { useEditSiteSettings, useSiteSettings } from "../api/settings.js";
import { RevisionHistory } from "../ui/revision-history.js";
import { ImageUrlField } from "../images/image-picker.js";
import { LanguagePair, TextArea, TextField } from "../ui/fields.js";
import { whenText } from "../ui/when.js";

type SettingsField = keyof SiteSettingsInput;
type FieldKind = "text" | "long" | "image" | "date" | "lines" | "localizedText";

/**
 * Every field of the contract's site settings and how it is edited. Typed as a record over the contract's
 * input, so a field added to the contract fails the type check until the form shows it.
 */
const fieldKinds: Record<SettingsField, FieldKind> = {
  siteName: "text",
  logoUrl: "image",
  faviconUrl: "image",
  description: "localizedText",
  legalName: "text",
  contactAddress: "long",
  legalEffectiveDate: "date",
  trustBadges: "lines",
  popupPerks: "lines",
  affiliateDisclosure: "localizedText",
};
export const settingsFields = Object.keys(fieldKinds) as SettingsField[];
const languages = ["en", "es"] as const satisfies readonly Language[];
const isLocalized = (field: SettingsField) => fieldKinds[field] === "lines" || fieldKinds[field] === "localizedText";

/** As typed: one string per plain field, and per language (`trustBadges.es`) for the others; lists one item per line. */
type SettingsDraft = Record<string, string>;
const key = (field: SettingsField, lang: Language) => `${field}.${lang}`;

/** null while the owner has changed nothing: the form then shows the saved values. */
const useSettingsDraftStore = create<{ draft: SettingsDraft | null; set: (draft: SettingsDraft | null) => void }>(
  (set) => ({ draft: null, set: (draft) => set({ draft }) }),
);

function draftOf(settings: SiteSettings): SettingsDraft {
  const draft: SettingsDraft = {};
  for (const field of settingsFields) {
    const value = settings[field];
    if (!isLocalized(field)) draft[field] = (value as string | null) ?? "";
    else
      for (const lang of languages) {
        const text = (value as Record<Language, string[] | string | null>)[lang];
        draft[key(field, lang)] = Array.isArray(text) ? text.join("\n") : (text ?? "");
      }
  }
  return draft;
}

export function inputOf(draft: SettingsDraft): SiteSettingsInput {
  const input: Record<string, unknown> = {};
  for (const field of settingsFields) {
    if (field === "siteName") input[field] = draft[field]!.trim();
    else if (fieldKinds[field] === "lines")
      input[field] = Object.fromEntries(languages.map((lang) => [lang, draft[key(field, lang)]!.split(/\r?\n/)]));
    else if (fieldKinds[field] === "localizedText")
      input[field] = Object.fromEntries(languages.map((lang) => [lang, draft[key(field, lang)]!.trim() || null]));
    else input[field] = draft[field]!.trim() || null;
  }
  return input as SiteSettingsInput;
}

export function SettingsTab() {
  const { t, lang } = useAdminCopy();
  const settings = useSiteSettings();
  const { draft, set } = useSettingsDraftStore();
  const save = useEditSiteSettings({ onSuccess: () => set(null) });

  if (settings.isPending) return <p className="text-slate-500">{t("common.loading")}</p>;
  if (settings.isError) return <p className="text-red-600">{t("common.loadFailed")}</p>;
  const values = draft ?? draftOf(settings.data);
  const change = (field: string, value: string) => set({ ...values, [field]: value });
  const nameMissing = !values.siteName!.trim();

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
        const kind = fieldKinds[field];
        if (kind === "lines" || kind === "localizedText")
          return (
            <LanguagePair key={field}>
              {languages.map((lang) => (
                <TextArea
                  key={lang}
                  label={t(lang === "en" ? "common.inEnglish" : "common.inSpanish", { field: label })}
                  hint={t(`settings.hints.${field}`)}
                  value={values[key(field, lang)]!}
                  onValue={(value) => change(key(field, lang), value)}
                  rows={kind === "lines" ? 4 : 6}
                  data-testid={`settings-${field}-${lang}`}
                />
              ))}
            </LanguagePair>
          );
        switch (kind) {
          case "image":
            return <ImageUrlField key={field} label={label} value={values[field]!} onValue={onValue} />;
          case "long":
            return <TextArea key={field} label={label} value={values[field]!} onValue={onValue} rows={3} />;
          case "date":
            return <TextField key={field} type="date" label={label} value={values[field]!} onValue={onValue} />;
          case "text":
            return (
              <TextField
                key={field}
                label={label}
                value={values[field]!}
                onValue={onValue}
                error={field === "siteName" && nameMissing ? t("settings.siteNameRequired") : null}
              />
            );
        }
      })}
      <p className="text-xs text-slate-500">
        {t("settings.updatedAt", {
          date: whenText(settings.data.updatedAt, lang),
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
      <RevisionHistory entity="settings" entityId="site" onRestored={() => set(null)} />
    </form>
  );
}

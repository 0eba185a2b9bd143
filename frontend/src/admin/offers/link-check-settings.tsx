import { useState, type FormEvent } from "react";
import { create } from "zustand";
import { useAdminCopy } from "../admin-copy.js";
import { errorDetails } from "../api/hooks.js";
import { useEditLinkCheckSettings, useLinkCheckSettings } from "../api/offers.js";
import { TextArea, TextField } from "../ui/fields.js";
import {
  draftOf,
  phraseLanguages,
  settingsOf,
  settingsProblems,
  type PhraseLanguage,
  type SettingsDraft,
} from "./link-check-form.js";

/** null while the owner has changed nothing: the form then shows the saved values. */
const useDraftStore = create<{ draft: SettingsDraft | null; set: (draft: SettingsDraft | null) => void }>((set) => ({
  draft: null,
  set: (draft) => set({ draft }),
}));

/** How often every offer is checked, and the words on a retailer's page that mean it is sold out. */
export function LinkCheckSettingsPanel() {
  const { t } = useAdminCopy();
  const settings = useLinkCheckSettings();
  const { draft, set } = useDraftStore();
  const [attempted, setAttempted] = useState(false);
  const save = useEditLinkCheckSettings({ onSuccess: () => set(null) });

  if (settings.isPending) return <p className="mt-10 text-slate-500">{t("common.loading")}</p>;
  if (settings.isError) return <p className="mt-10 text-red-600">{t("common.loadFailed")}</p>;
  const values = draft ?? draftOf(settings.data);
  const problems = attempted ? settingsProblems(values) : {};
  const refused = new Map(
    errorDetails(save.error).map((detail) => [
      detail.path
        .replace(/^body\./, "")
        .replace(/^outOfStockPhrases\./, "")
        .split(".")[0],
      detail.message,
    ]),
  );
  const errorOf = (field: "intervalHours" | PhraseLanguage) =>
    problems[field] ? t(`offers.settings.errors.${problems[field]}`) : (refused.get(field) ?? null);
  const change = (next: SettingsDraft) => {
    if (save.error) save.reset();
    set(next);
  };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAttempted(true);
    if (save.isPending || Object.keys(settingsProblems(values)).length > 0) return;
    save.mutate(settingsOf(values));
  }

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="mt-10 space-y-4 rounded-xl border border-slate-200 p-4 sm:p-6"
      aria-labelledby="link-check-settings"
      data-testid="link-check-settings"
    >
      <h3 id="link-check-settings" className="font-semibold text-slate-900">
        {t("offers.settings.title")}
      </h3>
      <p className="text-sm text-slate-600">{t("offers.settings.intro")}</p>
      <div className="max-w-xs">
        <TextField
          label={t("offers.settings.intervalHours")}
          type="number"
          min="1"
          max="168"
          step="1"
          value={values.intervalHours}
          onValue={(intervalHours) => change({ ...values, intervalHours })}
          error={errorOf("intervalHours")}
        />
      </div>
      <fieldset className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
        <legend className="mb-2 text-sm font-semibold text-slate-900">{t("offers.settings.phrases")}</legend>
        {phraseLanguages.map((lang) => (
          <TextArea
            key={lang}
            label={t(`offers.settings.phrasesIn.${lang}`)}
            lang={lang}
            rows={5}
            value={values.phrases[lang]}
            onValue={(text) => change({ ...values, phrases: { ...values.phrases, [lang]: text } })}
            error={errorOf(lang)}
            hint={t("offers.settings.onePerLine")}
          />
        ))}
      </fieldset>
      <div className="flex gap-3">
        <button
          type="button"
          className="btn-outline"
          disabled={!draft}
          onClick={() => {
            save.reset();
            setAttempted(false);
            set(null);
          }}
        >
          {t("common.cancel")}
        </button>
        <button type="submit" className="btn-primary" disabled={!draft || save.isPending}>
          {save.isPending ? t("common.saving") : t("offers.settings.save")}
        </button>
      </div>
    </form>
  );
}

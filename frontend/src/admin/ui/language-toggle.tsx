import { useAdminCopy } from "../admin-copy.js";
import { useAdminUiStore } from "../admin.store.js";

export function LanguageToggle() {
  const { t, lang } = useAdminCopy();
  const setLang = useAdminUiStore((state) => state.setLang);
  return (
    <div
      role="group"
      aria-label={t("common.language")}
      className="flex shrink-0 overflow-hidden rounded-lg border border-slate-300"
    >
      {(["en", "es"] as const).map((option) => (
        <button
          key={option}
          type="button"
          lang={option}
          aria-pressed={lang === option}
          onClick={() => setLang(option)}
          className={`px-2.5 py-1 text-xs font-semibold ${lang === option ? "bg-wine-700 text-white" : "bg-white text-slate-700 hover:bg-slate-100"}`}
        >
          {t(`common.languages.${option}`)}
        </button>
      ))}
    </div>
  );
}

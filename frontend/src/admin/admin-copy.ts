import { useTranslation } from "react-i18next";
import { useAdminUiStore } from "./admin.store.js";

/** The admin's copy in the language chosen on the dashboard. */
export function useAdminCopy() {
  const lang = useAdminUiStore((state) => state.lang);
  const { t } = useTranslation("admin", { lng: lang });
  return { t, lang };
}

export type AdminT = ReturnType<typeof useAdminCopy>["t"];

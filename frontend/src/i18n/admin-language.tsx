import { createContext, useContext, type ReactNode } from "react";
import type { Lang } from "../routes.js";

/** The dashboard's language where the owner kept no choice. */
export const defaultAdminLang: Lang = "en";

/**
 * The dashboard's language as the server rendered /admin: the owner's choice its request's cookie
 * carried (`rsv_admin_lang`, language-choice.ts), or null where none did (then the default). The browser
 * takes the value from the page's state (bootstrap.ts) and hydrates in it, so the two renders match.
 */
const RenderedAdminLangContext = createContext<Lang | null>(null);

export function AdminLangProvider({ lang, children }: { lang: Lang | null; children: ReactNode }) {
  return <RenderedAdminLangContext.Provider value={lang}>{children}</RenderedAdminLangContext.Provider>;
}

export function useRenderedAdminLang(): Lang | null {
  return useContext(RenderedAdminLangContext);
}

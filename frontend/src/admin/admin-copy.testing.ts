import { createI18n } from "../i18n/create-i18n.js";
import { resources } from "../i18n/resources.js";
import { registerAdminCopy } from "./admin-copy.js";

/** The admin's `t` in one language, for tests of functions that take it. */
export function adminT(lang: "en" | "es") {
  const i18n = createI18n(lang, resources);
  registerAdminCopy(i18n);
  return i18n.getFixedT(lang, "admin");
}

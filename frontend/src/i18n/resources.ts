import enPages from "./copy-en.js";
import esPages from "./copy-es.js";
import enChat from "./locales/en/chat.json";
import enOverlays from "./locales/en/overlays.json";
import esChat from "./locales/es/chat.json";
import esOverlays from "./locales/es/overlays.json";

/**
 * Every public namespace in both languages, for the server (which renders either language) and the
 * tests. The browser never imports this module: it loads one language's page copy (load-copy.ts) and
 * the overlays bring their own.
 */
export const resources = {
  en: { ...enPages, chat: enChat, overlays: enOverlays },
  es: { ...esPages, chat: esChat, overlays: esOverlays },
} as const;

export type Namespace = keyof (typeof resources)["en"];
export const namespaces = Object.keys(resources.en) as Namespace[];

import { useCopy } from "../i18n/use-lang.js";

/**
 * Words the owner picks from a vocabulary (a product's origin, a post's category) are stored as typed
 * and shown in the page's language: each part of "Japanese Knotweed / Grape Skin" is looked up on its
 * own; a word the vocabulary does not know is shown as the owner wrote it.
 */
export function vocabularyLabel(lookup: (key: string) => string | undefined, value: string): string {
  return value
    .split("/")
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => lookup(part.toLowerCase()) ?? part)
    .join(" / ");
}

/** A product's origin in the page's language. */
export function useOriginLabel(): (origin: string) => string {
  const { t } = useCopy();
  return (origin) => vocabularyLabel((key) => t(`origins.${key}`, { defaultValue: "" }) || undefined, origin);
}

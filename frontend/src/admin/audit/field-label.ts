import type { AdminT } from "../admin-copy.js";
import { fieldParts } from "./audit-view.js";

/**
 * A changed field as the owner reads it, in the dashboard's language: "Translations › Spanish › Search
 * title". A name the copy does not know yet is shown as stored.
 */
export function fieldLabel(t: AdminT, field: string): string {
  return fieldParts(field)
    .map((part) =>
      "position" in part
        ? t("audit.fields.position", { n: part.position })
        : t(`audit.fields.${part.key}`, { defaultValue: part.key }),
    )
    .join(" › ");
}

/** The service that recorded an event, in words, with the name an operator finds in its logs. */
export function serviceLabel(t: AdminT, service: string): string {
  return t("audit.service", { name: t(`audit.services.${service}`, { defaultValue: service }), service });
}

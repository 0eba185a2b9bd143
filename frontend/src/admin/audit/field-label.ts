import type { AdminT } from "../admin-copy.js";
import { fieldParts } from "./audit-view.js";

/**
 * A changed field as the owner reads it, in the dashboard's language: "Translations › Spanish › Search
 * title". An entity may call a field its own way, as its form does (a page's title is its "Heading"). A
 * name the copy does not know yet is shown as stored.
 */
export function fieldLabel(t: AdminT, field: string, entity?: string): string {
  return fieldParts(field)
    .map((part, index) => {
      if ("position" in part) return t("audit.fields.position", { n: part.position });
      const own = index === 0 && entity ? t(`audit.entityFields.${entity}.${part.key}`, { defaultValue: "" }) : "";
      return own || t(`audit.fields.${part.key}`, { defaultValue: part.key });
    })
    .join(" › ");
}

/** The service that recorded an event, in words, with the name an operator finds in its logs. */
export function serviceLabel(t: AdminT, service: string): string {
  return t("audit.service", { name: t(`audit.services.${service}`, { defaultValue: service }), service });
}

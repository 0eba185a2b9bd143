/** The activity log's filters as the owner types them, and what the list shows of an event: pure, unit-tested. */

export interface AuditFilters {
  actor: string;
  action: string;
  /** YYYY-MM-DD from a date input, in the browser's time zone; "" when not set. */
  from: string;
  to: string;
}

export const noAuditFilters: AuditFilters = { actor: "", action: "", from: "", to: "" };

export interface AuditQuery {
  actor?: string;
  action?: string;
  from?: string;
  to?: string;
}

/** Local midnight of a YYYY-MM-DD date. */
function localMidnight(date: string): Date {
  const [year, month, day] = date.split("-").map(Number);
  return new Date(year!, month! - 1, day!);
}

/**
 * The list's query: an email part trimmed, and whole days in the browser's time zone (the end date
 * included, so `to` is the start of the day after it).
 */
export function auditQuery(filters: AuditFilters): AuditQuery {
  const actor = filters.actor.trim();
  const query: AuditQuery = {};
  if (actor) query.actor = actor;
  if (filters.action) query.action = filters.action;
  if (filters.from) query.from = localMidnight(filters.from).toISOString();
  if (filters.to) {
    const end = localMidnight(filters.to);
    end.setDate(end.getDate() + 1);
    query.to = end.toISOString();
  }
  return query;
}

/** True when both dates are set and the start comes after the end. */
export function datesReversed(filters: AuditFilters): boolean {
  return Boolean(filters.from && filters.to && filters.from > filters.to);
}

export type ShownValue =
  { kind: "absent" } | { kind: "empty" } | { kind: "boolean"; value: boolean } | { kind: "text"; text: string };

/** How one side of a change reads: a missing side, an empty value, yes/no, or the value as text. */
export function shownValue(value: unknown, present: boolean): ShownValue {
  if (!present || value === null || value === undefined) return { kind: "absent" };
  if (value === "" || (Array.isArray(value) && value.length === 0)) return { kind: "empty" };
  if (typeof value === "boolean") return { kind: "boolean", value };
  if (typeof value === "string") return { kind: "text", text: value };
  if (Array.isArray(value) && value.every((item) => typeof item !== "object" || item === null))
    return { kind: "text", text: value.join(", ") };
  return { kind: "text", text: JSON.stringify(value) };
}

/** One step of a changed field's path: a name (its words are audit.fields.<key>) or a place in a list. */
export type FieldPart = { key: string } | { position: number };

/** `translations.es.metaTitle` → translations, es, metaTitle; `features.2` → features, the third item. */
export function fieldParts(field: string): FieldPart[] {
  return field.split(".").map((part) => (/^\d+$/.test(part) ? { position: Number(part) + 1 } : { key: part }));
}

import { describe, expect, it } from "vitest";
import { auditQuery, datesReversed, fieldParts, noAuditFilters, shownValue } from "./audit-view.js";

describe("the activity log's filters", () => {
  it("asks for nothing when nothing is set, and trims the email part", () => {
    expect(auditQuery(noAuditFilters)).toEqual({});
    expect(auditQuery({ ...noAuditFilters, actor: "  ana@  ", action: "updateProduct" })).toEqual({
      actor: "ana@",
      action: "updateProduct",
    });
  });

  it("reads dates as whole local days, the end day included", () => {
    const query = auditQuery({ ...noAuditFilters, from: "2026-03-01", to: "2026-03-03" });
    expect(query.from).toBe(new Date(2026, 2, 1).toISOString());
    expect(query.to).toBe(new Date(2026, 2, 4).toISOString());
    // The last day of a month rolls into the next.
    expect(auditQuery({ ...noAuditFilters, to: "2026-01-31" }).to).toBe(new Date(2026, 1, 1).toISOString());
  });

  it("spots a start after the end", () => {
    expect(datesReversed({ ...noAuditFilters, from: "2026-03-02", to: "2026-03-01" })).toBe(true);
    expect(datesReversed({ ...noAuditFilters, from: "2026-03-01", to: "2026-03-01" })).toBe(false);
    expect(datesReversed({ ...noAuditFilters, from: "2026-03-02" })).toBe(false);
  });
});

describe("how a change's value reads", () => {
  it("tells a missing value from an empty one", () => {
    expect(shownValue(undefined, false)).toEqual({ kind: "absent" });
    expect(shownValue(null, true)).toEqual({ kind: "absent" });
    expect(shownValue("", true)).toEqual({ kind: "empty" });
    expect(shownValue([], true)).toEqual({ kind: "empty" });
  });

  it("shows yes/no, text, lists and anything else as JSON", () => {
    expect(shownValue(false, true)).toEqual({ kind: "boolean", value: false });
    expect(shownValue("29.50", true)).toEqual({ kind: "text", text: "29.50" });
    expect(shownValue(42, true)).toEqual({ kind: "text", text: "42" });
    expect(shownValue(["Vegan", "Tested"], true)).toEqual({ kind: "text", text: "Vegan, Tested" });
    expect(shownValue([{ a: 1 }], true)).toEqual({ kind: "text", text: '[{"a":1}]' });
  });
});

describe("a changed field's path", () => {
  it("names each step, and a place in a list by its number from one", () => {
    expect(fieldParts("translations.es.metaTitle")).toEqual([
      { key: "translations" },
      { key: "es" },
      { key: "metaTitle" },
    ]);
    expect(fieldParts("features.0")).toEqual([{ key: "features" }, { position: 1 }]);
    expect(fieldParts("price")).toEqual([{ key: "price" }]);
  });
});

import { describe, expect, it } from "vitest";
import { adminCopy } from "../admin-copy.js";
import type { AdminT } from "../admin-copy.js";
import { displayValue } from "./revision-history.js";

describe("a revision's value as the owner reads it", () => {
  const t = ((key: string) =>
    key === "audit.changes.yes" ? adminCopy.es.audit.changes.yes : adminCopy.es.audit.changes.no) as AdminT;

  it("says yes or no, and a time in the dashboard's language, not JSON", () => {
    expect(displayValue(true, t, "es")).toBe(adminCopy.es.audit.changes.yes);
    expect(displayValue(false, t, "es")).toBe(adminCopy.es.audit.changes.no);
    const when = displayValue("2031-05-01T09:00:00.000Z", t, "es");
    expect(when).toMatch(/2031/);
    expect(when).not.toContain("T09:00");
    expect(displayValue("Texto tal cual", t, "es")).toBe("Texto tal cual");
    expect(displayValue(["a", "b"], t, "es")).toBe("a\nb");
    expect(displayValue(null, t, "es")).toBe("—");
  });
});

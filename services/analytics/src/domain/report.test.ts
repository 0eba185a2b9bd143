import { describe, expect, it } from "vitest";
import { reportFileName } from "./report.js";

describe("the report's CSV file name", () => {
  it("names the breakdown, the days and each filter, in the breakdowns' order, in plain letters", () => {
    expect(reportFileName("page", "2026-11-01", "2026-11-30", {})).toBe("report-page-2026-11-01-2026-11-30.csv");
    expect(
      reportFileName("page", "2026-11-01", "2026-11-30", { source: "Búsqueda Orgánica!", product: "corvella-1000" }),
    ).toBe("report-page-2026-11-01-2026-11-30-product-corvella-1000-source-busqueda-organica.csv");
    expect(reportFileName("lang", "2026-11-01", "2026-11-01", { campaign: "¿?", page: "/", source: "(none)" })).toBe(
      "report-lang-2026-11-01-2026-11-01-page-home-source-none-campaign-other.csv",
    );
  });
});

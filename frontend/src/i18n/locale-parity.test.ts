import { describe, expect, it } from "vitest";
import { namespaces, resources } from "./resources.js";

function flattenKeys(value: unknown, prefix = ""): string[] {
  if (value === null || typeof value !== "object") return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    flattenKeys(child, prefix ? `${prefix}.${key}` : key),
  );
}

describe("translations", () => {
  it.each(namespaces)("English and Spanish %s files have the same keys", (ns) => {
    expect(flattenKeys(resources.es[ns]).sort()).toEqual(flattenKeys(resources.en[ns]).sort());
  });

  it.each(namespaces)("no %s string is empty", (ns) => {
    for (const lang of ["en", "es"] as const) {
      const strings = JSON.stringify(resources[lang][ns]);
      expect(strings).not.toMatch(/:""/);
    }
  });
});

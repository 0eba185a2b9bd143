import { describe, expect, it } from "vitest";
import { AUDIT_MAX_CHANGES_CHARS, AUDIT_MAX_TEXT, auditChanges, entityOf, labelOf } from "./audit.js";
import { operations } from "./contract.js";

describe("what an edit changed", () => {
  it("keeps only the fields that differ, by dotted path into nested objects", () => {
    const before = { name: "A", price: "10.00", translations: { es: { title: "Uno", body: "x" } }, tags: ["a"] };
    const after = { name: "A", price: "12.00", translations: { es: { title: "Dos", body: "x" } }, tags: ["a", "b"] };
    expect(auditChanges(before, after)).toEqual([
      { field: "price", before: "10.00", after: "12.00" },
      { field: "translations.es.title", before: "Uno", after: "Dos" },
      { field: "tags", before: ["a"], after: ["a", "b"] },
    ]);
  });

  it("lists what a new entity was made with, and what a deleted one held", () => {
    expect(auditChanges(undefined, { id: 3, name: "New" })).toEqual([
      { field: "id", after: 3 },
      { field: "name", after: "New" },
    ]);
    expect(auditChanges({ email: "ana@example.org" }, undefined)).toEqual([
      { field: "email", before: "ana@example.org" },
    ]);
    expect(auditChanges(undefined, undefined)).toEqual([]);
  });

  it("tells a field set to null from one that did not exist", () => {
    expect(auditChanges({ badge: "Top" }, { badge: null, coupon: null })).toEqual([
      { field: "badge", before: "Top", after: null },
      { field: "coupon", after: null },
    ]);
  });

  it("never keeps a secret's values, only that it changed", () => {
    const changes = auditChanges(
      { smtp: { password: "old-secret" }, apiToken: "t1", passwordHash: "h1", title: "a" },
      { smtp: { password: "new-secret" }, apiToken: "t2", passwordHash: "h2", title: "a" },
    );
    expect(changes).toEqual([{ field: "smtp.password" }, { field: "apiToken" }, { field: "passwordHash" }]);
    expect(JSON.stringify(changes)).not.toMatch(/secret|t1|t2|h1|h2/);
  });

  it("leaves out the times every write sets, and cuts long text", () => {
    const long = "x".repeat(AUDIT_MAX_TEXT + 500);
    const changes = auditChanges(
      { updatedAt: "2026-01-01T00:00:00Z", content: "short" },
      { updatedAt: "2026-02-01T00:00:00Z", content: long },
    );
    expect(changes).toEqual([{ field: "content", before: "short", after: `${"x".repeat(AUDIT_MAX_TEXT)}…` }]);
  });
});

describe("the size of an event", () => {
  it("stays within what auth takes however many long fields an edit changed", () => {
    const long = (n: number) =>
      Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`f${i}`, `${n}`.repeat(3000)]));
    const changes = auditChanges(long(1), long(2));
    expect(changes).toHaveLength(200);
    expect(JSON.stringify(changes).length).toBeLessThanOrEqual(AUDIT_MAX_CHANGES_CHARS);
    expect(changes[0]).toEqual({ field: "f0", before: `${"1".repeat(100)}…`, after: `${"2".repeat(100)}…` });
  });
});

describe("the entity an operation acts on", () => {
  it("is named as the admin knows it, from its state after the operation or else before", () => {
    expect(labelOf({ id: 1, name: "  Resveratrol 500  " }, undefined)).toBe("Resveratrol 500");
    expect(labelOf(undefined, { title: "Old article" })).toBe("Old article");
    expect(labelOf({ originalName: "photo.png", mimeType: "image/png" })).toBe("photo.png");
    expect(labelOf({ exported: 3 }, { email: "ana@example.org" })).toBeUndefined();
    expect(labelOf({ name: "x".repeat(300) })).toHaveLength(200);
  });

  it("is its path after /api/, without the path's parameters", () => {
    expect(entityOf("/api/products/{id}")).toBe("products");
    expect(entityOf("/api/offers/settings")).toBe("offers/settings");
    expect(entityOf("/api/newsletter/export")).toBe("newsletter/export");
  });
});

describe("which operations the activity log records", () => {
  it("is every admin write and the exports the contract marks, never a public or read operation", () => {
    const audited = [...operations().values()].filter((op) => op.audited);
    for (const op of audited) expect(op.access).toBe("admin");
    const ids = audited.map((op) => op.operationId);
    expect(ids).toEqual(expect.arrayContaining(["updateProduct", "deleteSubscriber", "exportSubscribers", "logout"]));
    expect(ids).not.toContain("listSubscribers");
    expect(ids).not.toContain("recordAuditEvents");
    expect(ids).not.toContain("login");
  });
});

// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { createDialogStore, draftStorageKey, isDirty } from "./dialog-store.js";

const empty = () => ({ title: "", body: "" });

describe("a form dialog's draft", () => {
  afterEach(() => localStorage.clear());

  it("tells a changed form from an untouched one", () => {
    const store = createDialogStore(empty);
    store.getState().openEdit(3, { title: "Saved", body: "" });
    expect(isDirty(store.getState())).toBe(false);
    store.getState().update({ title: "Saved, then changed" });
    expect(isDirty(store.getState())).toBe(true);
    store.getState().update({ title: "Saved" });
    expect(isDirty(store.getState())).toBe(false);
  });

  it("keeps unsaved changes per entity and id, offers them when the item is opened again, and forgets them on close", () => {
    const before = createDialogStore(empty, { entity: "note" });
    before.getState().openEdit(7, { title: "Saved", body: "" });
    before.getState().update({ body: "Typed before the reload" });
    expect(localStorage.getItem(draftStorageKey("note", 7))).toContain("Typed before the reload");

    // A new page: the same store, created again.
    const after = createDialogStore(empty, { entity: "note" });
    after.getState().openCreate();
    expect(after.getState().restorable).toBeNull();
    after.getState().close();
    after.getState().openEdit(7, { title: "Saved", body: "" });
    expect(after.getState().restorable?.draft).toEqual({ title: "Saved", body: "Typed before the reload" });
    // Typing before answering leaves the kept draft as it was.
    after.getState().update({ title: "Changed first" });
    expect(localStorage.getItem(draftStorageKey("note", 7))).toContain("Typed before the reload");
    after.getState().restore();
    expect(after.getState().draft).toEqual({ title: "Saved", body: "Typed before the reload" });
    expect(after.getState().restorable).toBeNull();

    after.getState().close();
    expect(localStorage.getItem(draftStorageKey("note", 7))).toBeNull();
  });

  it("throws a kept draft away when the owner says so, and keeps none that matches the saved item", () => {
    localStorage.setItem(
      draftStorageKey("note", null),
      JSON.stringify({ draft: { title: "Old idea", body: "" }, savedAt: "2026-01-01T10:00:00Z" }),
    );
    const store = createDialogStore(empty, { entity: "note" });
    store.getState().openCreate();
    expect(store.getState().restorable?.savedAt).toBe("2026-01-01T10:00:00Z");
    store.getState().discardRestorable();
    expect(localStorage.getItem(draftStorageKey("note", null))).toBeNull();
    store.getState().close();

    localStorage.setItem(
      draftStorageKey("note", 2),
      JSON.stringify({ draft: { title: "Same", body: "" }, savedAt: "2026-01-01T10:00:00Z" }),
    );
    store.getState().openEdit(2, { title: "Same", body: "" });
    expect(store.getState().restorable).toBeNull();
  });

  it("keeps nothing in the browser for a screen without an entity", () => {
    const store = createDialogStore(empty);
    store.getState().openCreate();
    store.getState().update({ title: "Only in memory" });
    expect(localStorage.length).toBe(0);
  });
});

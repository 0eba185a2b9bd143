// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { keep, readKept } from "./kept.js";

describe("what the browser keeps between visits", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    localStorage.clear();
  });

  it("keeps a value, reads it back, and forgets it for null", () => {
    expect(readKept("rsv-test")).toBeNull();
    expect(keep("rsv-test", "kept")).toBe(true);
    expect(readKept("rsv-test")).toBe("kept");
    expect(keep("rsv-test", null)).toBe(true);
    expect(readKept("rsv-test")).toBeNull();
  });

  it("fails quietly when storage refuses, telling a caller who asks why", () => {
    const full = new DOMException("quota exceeded", "QuotaExceededError");
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw full;
    });
    vi.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
      throw new DOMException("blocked", "SecurityError");
    });
    const heard: unknown[] = [];
    expect(keep("rsv-test", "kept", (error) => heard.push(error))).toBe(false);
    expect(readKept("rsv-test", (error) => heard.push(error))).toBeNull();
    expect(heard).toHaveLength(2);
    expect(heard[0]).toBe(full);
  });
});

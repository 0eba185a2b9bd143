import { describe, expect, it } from "vitest";
import {
  DEFAULT_EMBEDDED_ADMIN,
  generatePassword,
  hashSessionId,
  isEmail,
  isWellFormedSessionId,
  newSessionId,
  normalizeEmail,
} from "./credentials.js";

describe("credentials", () => {
  it("makes 32-byte base64url session ids and stores only their sha256", () => {
    const id = newSessionId();
    expect(Buffer.from(id, "base64url")).toHaveLength(32);
    expect(isWellFormedSessionId(id)).toBe(true);
    expect(newSessionId()).not.toBe(id);
    expect(hashSessionId(id)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashSessionId(id)).not.toContain(id);
    expect(isWellFormedSessionId("short")).toBe(false);
    expect(isWellFormedSessionId(`${id.slice(0, 42)}=`)).toBe(false);
  });

  it("normalises emails, so one account has one login budget however it is typed", () => {
    expect(normalizeEmail("  Admin@Example.COM ")).toBe("admin@example.com");
  });

  it("uses a default embedded admin address that passes the contract's email format", () => {
    expect(isEmail(DEFAULT_EMBEDDED_ADMIN)).toBe(true);
    expect(isEmail("admin@localhost")).toBe(false);
  });

  it("generates long random passwords", () => {
    const password = generatePassword();
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(generatePassword()).not.toBe(password);
  });
});

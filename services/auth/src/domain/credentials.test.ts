import { describe, expect, it } from "vitest";
import {
  DEFAULT_EMBEDDED_ADMIN,
  generatePassword,
  hashSessionId,
  isEmail,
  isWellFormedSessionId,
  loginAttemptKey,
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

  it("normalises emails and keys failures by account and address", () => {
    expect(normalizeEmail("  Admin@Example.COM ")).toBe("admin@example.com");
    expect(loginAttemptKey("Admin@Example.com", "10.0.0.1")).toBe(loginAttemptKey("admin@example.com", "10.0.0.1"));
    expect(loginAttemptKey("admin@example.com", "10.0.0.1")).not.toBe(loginAttemptKey("admin@example.com", "10.0.0.2"));
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

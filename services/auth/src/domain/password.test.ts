import { describe, expect, it } from "vitest";
import { DUMMY_HASH, HASH_OPTIONS, hashPassword, needsRehash, verifyPassword } from "./password.js";

describe("passwords", () => {
  it("hashes with argon2id and verifies", async () => {
    const hash = await hashPassword("correct horse battery staple");
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(hash, "correct horse battery staple")).toBe(true);
    expect(await verifyPassword(hash, "wrong")).toBe(false);
    expect(needsRehash(hash)).toBe(false);
  });

  it("checks unknown accounts against a dummy hash made with the same parameters", async () => {
    expect(DUMMY_HASH).toContain(
      `$m=${HASH_OPTIONS.memoryCost},t=${HASH_OPTIONS.timeCost},p=${HASH_OPTIONS.parallelism}$`,
    );
    expect(needsRehash(DUMMY_HASH)).toBe(false);
    expect(await verifyPassword(undefined, "anything")).toBe(false);
  });

  it("treats a malformed stored hash as a mismatch", async () => {
    expect(await verifyPassword("not-a-hash", "anything")).toBe(false);
  });
});

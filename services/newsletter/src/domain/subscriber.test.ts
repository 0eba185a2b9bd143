import { describe, expect, it } from "vitest";
import { exportFilename, exportText, newUnsubscribeToken, normalizeEmail, validEmail } from "./subscriber.js";

describe("subscriber rules", () => {
  it("normalises addresses: trimmed and lower-cased", () => {
    expect(normalizeEmail("  Foo@Example.COM \n")).toBe("foo@example.com");
    expect(validEmail(" Foo@Example.com ")).toBe("foo@example.com");
  });

  it("accepts only what the contract's email format accepts", () => {
    for (const bad of [
      "",
      "   ",
      "foo",
      "foo@",
      "@example.com",
      "foo@example",
      "foo bar@example.com",
      "foo@exa mple.com",
    ]) {
      expect(validEmail(bad), bad).toBeUndefined();
    }
    expect(validEmail("first.last+tag@sub.example.co.uk")).toBe("first.last+tag@sub.example.co.uk");
    expect(validEmail(`${"a".repeat(250)}@b.co`)).toBeUndefined();
  });

  it("names the export by the UTC date", () => {
    expect(exportFilename(new Date("2025-01-31T23:59:59Z"))).toBe("subscribers-2025-01-31.txt");
    expect(exportFilename(new Date("2025-02-01T00:30:00+02:00"))).toBe("subscribers-2025-01-31.txt");
  });

  it("writes one address per line", () => {
    expect(exportText(["ana@example.org", "ben@example.org"])).toBe("ana@example.org\nben@example.org\n");
    expect(exportText([])).toBe("");
  });

  it("defuses lines a spreadsheet would run as formulas", () => {
    const risky = ["=cmd|'/c calc'!a1@example.org", "+1@example.org", "-sum@example.org", "@sum@example.org"];
    const lines = exportText([...risky, "plain@example.org"])
      .trimEnd()
      .split("\n");
    expect(lines.slice(0, 4)).toEqual(risky.map((email) => `'${email}`));
    expect(lines[4]).toBe("plain@example.org");
    for (const line of lines) expect(line).not.toMatch(/^[=+\-@]/);
  });

  it("makes unguessable unsubscribe tokens", () => {
    const token = newUnsubscribeToken();
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    expect(newUnsubscribeToken()).not.toBe(token);
  });
});

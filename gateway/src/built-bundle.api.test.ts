import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** What the browser downloads holds no credential, hash or secret (the admin area's chunk included). */

const clientDir = path.resolve(import.meta.dirname, "../../frontend/dist/client");

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : [full];
  });
}

describe("the built front end", () => {
  const built = files(clientDir).filter((file) => /\.(js|css|html|json|map)$/.test(file));
  const text = built.map((file) => readFileSync(file, "utf8")).join("\n");

  it("was built with its admin chunk", () => {
    expect(built.length).toBeGreaterThan(3);
    expect(built.some((file) => /admin/.test(path.basename(file)))).toBe(true);
  });

  it.each([
    ["the admin password of this run", () => process.env.ADMIN_PASSWORD!],
    ["an argon2 hash", () => "$argon2id$"],
    ["a database address", () => "postgres://"],
    ["a Redis address", () => "redis://"],
    ["a setting's name", () => "ADMIN_PASSWORD"],
    ["the services' secret setting", () => "INTERNAL_TOKEN"],
    ["the analytics salt setting", () => "ANALYTICS_SALT_SECRET"],
    ["an example placeholder", () => "change-me"],
    ["a private key", () => "PRIVATE KEY-----"],
  ])("holds no %s", (_what, needle) => {
    expect(needle()).toBeTruthy();
    expect(text.includes(needle())).toBe(false);
  });
});

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { parse } from "yaml";

/**
 * Absolute path of openapi.yaml, the source of truth of the HTTP contract. Found as a file of the
 * package, not beside this module: compiled, this module is part of a service's dist/main.js.
 */
export const specPath = createRequire(import.meta.url).resolve("@rsv/api/openapi.yaml");

let cached: Record<string, unknown> | undefined;

/** The parsed OpenAPI document (read once per process). Treat it as read-only. */
export function loadSpec(): Record<string, unknown> {
  if (!cached) {
    const parsed: unknown = parse(readFileSync(specPath, "utf8"));
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
      throw new Error(`${specPath} does not contain an OpenAPI document`);
    }
    cached = parsed as Record<string, unknown>;
  }
  return cached;
}

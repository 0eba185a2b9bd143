import { describe, expect, it } from "vitest";
import { z } from "zod";
import { flag, loadConfig, runtimeConfigSchema } from "./config.js";

const schema = runtimeConfigSchema.extend({
  DATABASE_URL: z.string().url().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  CACHE: flag(true),
});

describe("loadConfig", () => {
  it("applies defaults, treats empty values as unset and parses flags", () => {
    const config = loadConfig(schema, { PORT: "", CACHE: "false", LOG_LEVEL: "warn" });
    expect(config).toMatchObject({ PORT: 3000, HOST: "0.0.0.0", CACHE: false, LOG_LEVEL: "warn" });
  });

  it("lists every problem in one error", () => {
    expect(() => loadConfig(schema, { PORT: "eighty", DATABASE_URL: "nonsense", CACHE: "yes" })).toThrow(
      /Invalid configuration:\n {2}PORT: .*\n {2}DATABASE_URL: .*\n {2}CACHE: /,
    );
  });

  it("refuses the placeholders of .env.example in production, wherever they hide", () => {
    const env = {
      NODE_ENV: "production",
      DATABASE_URL: "postgres://rsv:change-me@postgres:5432/rsv",
      ADMIN_PASSWORD: "change-me-to-a-long-passphrase",
    };
    expect(() => loadConfig(schema, env)).toThrow(
      /DATABASE_URL: still holds the example value[\s\S]*ADMIN_PASSWORD: still holds/,
    );
    // Outside production the example file works as it is, for trying the site out.
    expect(loadConfig(schema, { ...env, NODE_ENV: "development" }).ADMIN_PASSWORD).toBe(
      "change-me-to-a-long-passphrase",
    );
    expect(
      loadConfig(schema, { ...env, DATABASE_URL: "postgres://rsv:s3cret@db/rsv", ADMIN_PASSWORD: "a-real-passphrase" }),
    ).toMatchObject({
      NODE_ENV: "production",
    });
  });
});

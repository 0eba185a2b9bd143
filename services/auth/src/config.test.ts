import { describe, expect, it } from "vitest";
import { loadConfig } from "@rsv/kit";
import { authConfigSchema } from "./config.js";

describe("auth config", () => {
  it("defaults to 7-day sessions and no configured admin", () => {
    expect(loadConfig(authConfigSchema, {})).toEqual({
      SESSION_TTL_DAYS: 7,
      SESSION_IDLE_MINUTES: 30,
      LOGIN_ATTEMPTS_PER_ACCOUNT: 5,
      LOGIN_DELAY_MAX_SECONDS: 300,
      LOGIN_ATTEMPTS_PER_ADDRESS: 20,
      AUDIT_RETENTION_DAYS: 365,
    });
    expect(loadConfig(authConfigSchema, { ADMIN_EMAIL: "", ADMIN_PASSWORD: "" })).toMatchObject({
      SESSION_TTL_DAYS: 7,
    });
  });

  it("keeps activity-log events a year unless told a whole number of days from 1", () => {
    expect(loadConfig(authConfigSchema, { AUDIT_RETENTION_DAYS: "30" }).AUDIT_RETENTION_DAYS).toBe(30);
    for (const bad of ["0", "-1", "1.5", "forever"])
      expect(() => loadConfig(authConfigSchema, { AUDIT_RETENTION_DAYS: bad }), bad).toThrow(/AUDIT_RETENTION_DAYS/);
  });

  it("reads the first admin and the session lifetimes", () => {
    expect(
      loadConfig(authConfigSchema, {
        ADMIN_EMAIL: " Owner@Example.com ",
        ADMIN_PASSWORD: "a-long-passphrase",
        SESSION_TTL_DAYS: "2",
        SESSION_IDLE_MINUTES: "15",
      }),
    ).toMatchObject({
      ADMIN_EMAIL: "Owner@Example.com",
      ADMIN_PASSWORD: "a-long-passphrase",
      SESSION_TTL_DAYS: 2,
      SESSION_IDLE_MINUTES: 15,
    });
  });

  it("refuses settings that would leave a weak or unusable admin", () => {
    expect(() => loadConfig(authConfigSchema, { ADMIN_EMAIL: "owner@example.com", ADMIN_PASSWORD: "short" })).toThrow(
      /ADMIN_PASSWORD: must be at least 12 characters/,
    );
    expect(() => loadConfig(authConfigSchema, { ADMIN_EMAIL: "owner@localhost" })).toThrow(/ADMIN_EMAIL/);
    expect(() => loadConfig(authConfigSchema, { ADMIN_PASSWORD: "a-long-passphrase" })).toThrow(/needs ADMIN_EMAIL/);
    expect(() => loadConfig(authConfigSchema, { SESSION_TTL_DAYS: "0" })).toThrow(/SESSION_TTL_DAYS/);
    expect(() => loadConfig(authConfigSchema, { SESSION_IDLE_MINUTES: "0" })).toThrow(/SESSION_IDLE_MINUTES/);
  });
});

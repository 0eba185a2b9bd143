import { HOST_SESSION_COOKIE, loadConfig } from "@rsv/kit";
import { describe, expect, it } from "vitest";
import { authConfigSchema } from "../../services/auth/src/config.js";
import { SALT_KEEP_DAYS } from "../../services/analytics/src/domain/visitor-hash.js";
import { analyticsSettingsSchema } from "../../services/analytics/src/config.js";
import { siteFacts } from "../../frontend/src/content/site-facts.js";

// The privacy policy (a front-end content page) states what the services store and for how long;
// this is the one place that may read both sides, so the policy cannot drift from the code.
describe("the facts the privacy policy states", () => {
  it("match the services that store them", () => {
    expect(siteFacts.sessionCookie).toBe(HOST_SESSION_COOKIE);
    expect(siteFacts.saltKeepDays).toBe(String(SALT_KEEP_DAYS));
    expect(siteFacts.analyticsRetentionDays).toBe(
      String(loadConfig(analyticsSettingsSchema, {}).ANALYTICS_RETENTION_DAYS),
    );
    expect(siteFacts.sessionDays).toBe(String(loadConfig(authConfigSchema, {}).SESSION_TTL_DAYS));
    expect(siteFacts.sessionIdleMinutes).toBe(String(loadConfig(authConfigSchema, {}).SESSION_IDLE_MINUTES));
    expect(siteFacts.languageCookieDays).toBe("365");
  });
});

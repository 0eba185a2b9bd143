import { loadConfig, SESSION_COOKIE } from "@rsv/kit";
import { describe, expect, it } from "vitest";
import { authConfigSchema } from "../../../services/auth/src/config.js";
import { SALT_KEEP_DAYS } from "../../../services/analytics/src/privacy/visitor-hash.js";
import { fillPlaceholders, siteFacts } from "./site-facts.js";

describe("the facts the privacy policy states", () => {
  it("match the services that store them", () => {
    expect(siteFacts.sessionCookie).toBe(SESSION_COOKIE);
    expect(siteFacts.saltKeepDays).toBe(String(SALT_KEEP_DAYS));
    expect(siteFacts.sessionDays).toBe(String(loadConfig(authConfigSchema, {}).SESSION_TTL_DAYS));
    expect(siteFacts.languageCookieDays).toBe("365");
  });
});

describe("fillPlaceholders", () => {
  it("fills known names with escaped values and leaves unknown ones visible", () => {
    expect(
      fillPlaceholders("<p>{{legalName}} at {{contactAddress}} {{unknown}}</p>", {
        legalName: "Tom & <Jerry>",
        contactAddress: "a@b.example",
      }),
    ).toBe("<p>Tom &amp; &lt;Jerry&gt; at a@b.example {{unknown}}</p>");
  });
});

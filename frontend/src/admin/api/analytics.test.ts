// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { forgetTimeZone, rememberedTimeZone, TIME_ZONE_STORAGE_KEY } from "./analytics.js";

describe("the reports' time zone this browser remembers", () => {
  afterEach(() => localStorage.removeItem(TIME_ZONE_STORAGE_KEY));

  it("is the zone it was last told", () => {
    localStorage.setItem(TIME_ZONE_STORAGE_KEY, "Europe/Madrid");
    expect(rememberedTimeZone()).toEqual({ timeZone: "Europe/Madrid" });
  });

  it("is nothing on a first visit, or when what is kept is not a zone", () => {
    expect(rememberedTimeZone()).toBeUndefined();
    localStorage.setItem(TIME_ZONE_STORAGE_KEY, "Mars/Olympus_Mons");
    expect(rememberedTimeZone()).toBeUndefined();
  });

  it("is nothing once forgotten (signed out)", () => {
    localStorage.setItem(TIME_ZONE_STORAGE_KEY, "Europe/Madrid");
    forgetTimeZone();
    expect(rememberedTimeZone()).toBeUndefined();
  });
});

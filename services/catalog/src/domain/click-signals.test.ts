import { describe, expect, it } from "vitest";
import { uncountedReason, type ClickRequest } from "./click-signals.js";

const navigation: ClickRequest = {
  method: "GET",
  userAgent: "Mozilla/5.0 (Android 14; Mobile; rv:131.0) Gecko/131.0 Firefox/131.0",
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  acceptLanguage: "es-ES,es;q=0.9",
  secFetchMode: "navigate",
};

describe("uncountedReason", () => {
  it("counts a browser following the link, with or without Sec-Fetch-*", () => {
    expect(uncountedReason(navigation)).toBeNull();
    expect(uncountedReason({ ...navigation, secFetchMode: undefined })).toBeNull();
  });

  it("redirects without counting what is not a person following the link", () => {
    expect(uncountedReason({ ...navigation, method: "HEAD" })).toBe("not-get");
    expect(uncountedReason({ ...navigation, userAgent: undefined })).toBe("no-agent");
    expect(uncountedReason({ ...navigation, userAgent: " " })).toBe("no-agent");
    expect(uncountedReason({ ...navigation, secPurpose: "prefetch;prerender" })).toBe("prefetch");
    expect(uncountedReason({ ...navigation, purpose: "prefetch" })).toBe("prefetch");
    expect(uncountedReason({ ...navigation, xMoz: "prefetch" })).toBe("prefetch");
    expect(uncountedReason({ ...navigation, secFetchMode: "no-cors" })).toBe("not-navigation");
    expect(uncountedReason({ ...navigation, accept: "*/*" })).toBe("not-navigation");
    expect(uncountedReason({ ...navigation, accept: undefined })).toBe("not-navigation");
    expect(uncountedReason({ ...navigation, acceptLanguage: "" })).toBe("no-language");
    expect(uncountedReason({ ...navigation, acceptLanguage: undefined })).toBe("no-language");
    expect(uncountedReason({ ...navigation, acceptLanguage: "*" })).toBe("no-language");
  });
});

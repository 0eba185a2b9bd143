import Bowser from "bowser";
import { describe, expect, it } from "vitest";
import { BROWSER_FAMILY_MAX, browserFamily } from "./browser-family.js";

describe("browserFamily", () => {
  it("keeps the browser's family and the kind of device, nothing else", () => {
    const cases: Array<[string, string]> = [
      [
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.126 Safari/537.36",
        "Chrome/desktop",
      ],
      [
        "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.122 Mobile Safari/537.36",
        "Chrome/mobile",
      ],
      [
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
        "Safari/mobile",
      ],
      [
        "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
        "Safari/tablet",
      ],
      ["Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0", "Firefox/desktop"],
      [
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87",
        "Microsoft Edge/desktop",
      ],
    ];
    for (const [userAgent, family] of cases) expect(browserFamily(userAgent), userAgent).toBe(family);
  });

  it("never echoes an unknown string", () => {
    expect(browserFamily("my-own-tool/1.2 (private build 7f3a; alice@example.com)")).toBe("Other/other");
    expect(browserFamily("x".repeat(600))).toBe("Other/other");
    expect(browserFamily("")).toBeNull();
    expect(browserFamily("   ")).toBeNull();
    expect(browserFamily(undefined)).toBeNull();
  });

  it("always fits its column", () => {
    const longest = Math.max(...Object.values(Bowser.BROWSER_MAP).map((name) => `${name}/desktop`.length));
    expect(longest).toBeLessThanOrEqual(BROWSER_FAMILY_MAX);
  });
});

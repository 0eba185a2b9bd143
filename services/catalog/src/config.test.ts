import { describe, expect, it } from "vitest";
import { linkCheckUserAgent } from "./config.js";

describe("the link checker's User-Agent", () => {
  it("names the site's address when a retailer could visit it, and none for this machine's own", () => {
    expect(linkCheckUserAgent({ PUBLIC_ORIGIN: "https://reviews.example/" })).toBe(
      "RsvLinkCheck/1.0 (+https://reviews.example)",
    );
    for (const local of ["http://localhost:8093", "http://127.0.0.1:8080", "http://[::1]:8080", undefined])
      expect(linkCheckUserAgent({ PUBLIC_ORIGIN: local }), local).toBe("RsvLinkCheck/1.0 (affiliate link checker)");
  });
});

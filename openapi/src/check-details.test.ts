import { describe, expect, it } from "vitest";
import { checkDetail, checkDetails, readCheckDetail, type CheckDetailReason } from "./check-details.js";

describe("a link check's sentences", () => {
  it("read back as the reason and values they were written from, every one", () => {
    const values = {
      protocol: "ftp:",
      max: "10",
      duration: "300 ms",
      status: "404",
      host: "shop.example",
      address: "127.0.0.1",
      code: "EPROTO",
      count: "3",
      availability: "https://schema.org/OutOfStock",
      phrase: "Agotado (sin fecha)",
    };
    for (const reason of Object.keys(checkDetails) as CheckDetailReason[]) {
      const read = readCheckDetail(checkDetail(reason, values));
      const names = [...checkDetails[reason].matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
      expect(read, reason).toEqual({
        reason,
        values: Object.fromEntries(names.map((name) => [name, values[name as keyof typeof values]])),
      });
    }
  });

  it("tell a plain answer from one after redirects, and other text from theirs", () => {
    expect(readCheckDetail("HTTP 200")).toEqual({ reason: "http", values: { status: "200" } });
    expect(readCheckDetail("HTTP 200 after 1 redirect within the retailer's site")?.reason).toBe("redirected_one");
    expect(readCheckDetail("written by hand")).toBeNull();
  });
});

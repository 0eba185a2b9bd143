import { describe, expect, it } from "vitest";
import { fillPlaceholders } from "./site-facts.js";

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

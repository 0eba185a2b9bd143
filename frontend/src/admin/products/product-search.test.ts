import { describe, expect, it } from "vitest";
import { articlePath } from "../../routes.js";
import { readablePath } from "../ui/search-preview.js";
import { emptyProductDraft } from "./product-form.js";
import { productSearchText } from "./product-search.js";

describe("a product's search result, as the admin previews it", () => {
  it("writes the rating as the review page does in each language", () => {
    const draft = { ...emptyProductDraft(), name: "Vita 500", brand: "Vita", potency: "500mg", rating: "4.9" };
    expect(productSearchText(draft, "en").description).toContain("4.9");
    expect(productSearchText(draft, "es").description).toContain("4,9");
    expect(productSearchText(draft, "es").description).not.toContain("4.9");
  });

  it("shows an address as it reads, not percent-encoded", () => {
    expect(readablePath(articlePath("…", "en"))).toBe("/blog/…");
    expect(readablePath(articlePath("resveratrol-y-nad", "es"))).toBe("/es/investigacion/resveratrol-y-nad");
    // Not a well-formed escape: left as it is.
    expect(readablePath("/blog/%E2%80")).toBe("/blog/%E2%80");
  });
});

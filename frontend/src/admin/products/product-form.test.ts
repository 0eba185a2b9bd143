import { describe, expect, it } from "vitest";
import { buildProduct } from "@rsv/api/factories";
import {
  draftFromProduct,
  emptyProductDraft,
  productInputFromDraft,
  retailersOf,
  validateProduct,
  type ProductDraft,
} from "./product-form.js";

const filled = (patch: Partial<ProductDraft> = {}): ProductDraft => ({
  ...emptyProductDraft(),
  name: "Test",
  brand: "Brand",
  potency: "500mg",
  source: "Knotweed",
  price: "19.99",
  rating: "4.5",
  imageUrl: "/api/images/x.png",
  description: "Text",
  bestFor: "Everyone",
  ...patch,
});

describe("product form", () => {
  it("names every missing required field with the server's message key", () => {
    expect(Object.values(validateProduct(emptyProductDraft()))).toEqual([
      "nameRequired",
      "brandRequired",
      "potencyRequired",
      "sourceRequired",
      "priceRequired",
      "ratingRequired",
      "imageUrlRequired",
      "descriptionRequired",
      "bestForRequired",
    ]);
    expect(validateProduct(filled())).toEqual({});
  });

  it("keeps placement within 1-20, rating within 1-5 and review count at 0 or more", () => {
    expect(validateProduct(filled({ placement: "21" })).placement).toBe("placementRange");
    expect(validateProduct(filled({ placement: "0" })).placement).toBe("placementRange");
    expect(validateProduct(filled({ placement: "20" })).placement).toBeUndefined();
    expect(validateProduct(filled({ rating: "5.1" })).rating).toBe("ratingRange");
    expect(validateProduct(filled({ rating: "0.9" })).rating).toBe("ratingRange");
    expect(validateProduct(filled({ reviewCount: "-1" })).reviewCount).toBe("reviewCountInvalid");
  });

  it("drops blank lines, sends empty optionals as null and only the Spanish text that was written", () => {
    const input = productInputFromDraft(
      filled({
        features: "One\n\n  Two  \n",
        couponCode: "  ",
        placement: "",
        es: { ...emptyProductDraft().es, description: "Texto", benefits: "Uno\n\nDos", couponDescription: " " },
      }),
    );
    expect(input.features).toEqual(["One", "Two"]);
    expect(input.couponCode).toBeNull();
    expect(input.preferredRetailer).toBeNull();
    expect(input.placement).toBeNull();
    expect(input.translations).toEqual({ es: { description: "Texto", benefits: ["Uno", "Dos"] } });
    expect(input).not.toHaveProperty("expertGrade");
    expect(productInputFromDraft(filled({ expertGrade: "B+" })).expertGrade).toBe("B+");
    expect(productInputFromDraft(filled({ preferredRetailer: " Amazon " })).preferredRetailer).toBe("Amazon");
  });
});

describe("preferred retailer", () => {
  it("is chosen among the retailers of the product's offers, each named once as first written", () => {
    const offers = [{ retailer: "Tienda" }, { retailer: " amazon" }, { retailer: "Amazon" }, { retailer: "tienda " }];
    expect(retailersOf(offers)).toEqual(["amazon", "Tienda"]);
    expect(retailersOf([])).toEqual([]);
  });
});

describe("publication time", () => {
  it("keeps a time ahead as the product's publication, and sends null for a product public when saved", () => {
    const ahead = new Date(Date.now() + 86_400_000);
    ahead.setSeconds(0, 0);
    const draft = draftFromProduct(buildProduct({ publishAt: ahead.toISOString() }));
    expect(productInputFromDraft(draft).publishAt).toBe(ahead.toISOString());
    expect(draftFromProduct(buildProduct({ publishAt: "2020-01-01T00:00:00.000Z" })).publishAt).toBe("");
    expect(productInputFromDraft(emptyProductDraft()).publishAt).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { matchPage, routeKeys, routePath, routeSlugs, translatedPath } from "./routes.js";

describe("route table", () => {
  it("matches every route key in both languages", () => {
    for (const key of routeKeys) {
      expect(matchPage(`/${routeSlugs[key].en}`)).toEqual({ page: "route", key, lang: "en" });
      expect(matchPage(`/es/${routeSlugs[key].es}`)).toEqual({ page: "route", key, lang: "es" });
    }
  });

  it("takes the language from the path", () => {
    expect(matchPage("/")).toEqual({ page: "home", lang: "en" });
    expect(matchPage("/es")).toEqual({ page: "home", lang: "es" });
    expect(matchPage("/es/comparison")).toEqual({ page: "notFound", lang: "es" });
    expect(matchPage("/comparacion")).toEqual({ page: "notFound", lang: "en" });
    expect(matchPage("/espresso")).toEqual({ page: "notFound", lang: "en" });
  });

  it("resolves detail pages", () => {
    expect(matchPage("/blog/sirtuins-101")).toEqual({ page: "article", slug: "sirtuins-101", lang: "en" });
    expect(matchPage("/es/investigacion/sirtuinas")).toEqual({ page: "article", slug: "sirtuinas", lang: "es" });
    expect(matchPage("/review/corvella-1000")).toEqual({ page: "productReview", slug: "corvella-1000", lang: "en" });
    expect(matchPage("/es/resena/corvella-1000")).toEqual({ page: "productReview", slug: "corvella-1000", lang: "es" });
    expect(matchPage("/product/12")).toEqual({ page: "productById", id: 12, lang: "en" });
    expect(matchPage("/product/abc").page).toBe("notFound");
    expect(matchPage("/review/a/b").page).toBe("notFound");
    expect(matchPage("/admin")).toEqual({ page: "admin", lang: "en" });
  });

  it("translates a page to the other language", () => {
    expect(translatedPath(matchPage("/faq"), "es")).toBe("/es/preguntas-frecuentes");
    expect(translatedPath(matchPage("/es/comparacion"), "en")).toBe("/comparison");
    expect(translatedPath(matchPage("/review/x"), "es")).toBe("/es/resena/x");
    expect(translatedPath(matchPage("/blog/a"), "es", "b")).toBe("/es/investigacion/b");
    expect(translatedPath(matchPage("/blog/a"), "es")).toBe("/es/investigacion");
    expect(translatedPath(matchPage("/es"), "en")).toBe("/");
    expect(routePath("comparison", "es")).toBe("/es/comparacion");
  });
});

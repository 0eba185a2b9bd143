import { buildOffer } from "@rsv/api/factories";
import type { OfferStatus } from "@rsv/api/client";
import { describe, expect, it } from "vitest";
import { adminT } from "../admin-copy.testing.js";
import { draftOf, settingsOf, settingsProblems } from "./link-check-form.js";
import { checkDetail } from "@rsv/api/check-details";
import { checkDetailText, filterOffers, hasProblem, marketsOf, phrasesOf, runPercent } from "./offers-view.js";

const withStatus = (id: number, status: OfferStatus, productId = 1, market = "default") =>
  buildOffer({ id, productId, market, health: { ...buildOffer().health, status } });

describe("offers tab", () => {
  const offers = [
    withStatus(1, "ok", 1, "ES"),
    withStatus(2, "broken", 1, "default"),
    withStatus(3, "out_of_stock", 2, "ES"),
    withStatus(4, "unchecked", 2, "PL"),
  ];

  it("counts broken and out-of-stock offers as problems", () => {
    expect(offers.filter(hasProblem).map((o) => o.id)).toEqual([2, 3]);
  });

  it("filters by status (or every problem), product and market together", () => {
    const ids = (filters: Parameters<typeof filterOffers>[1]) => filterOffers(offers, filters).map((o) => o.id);
    expect(ids({ status: "", productId: "", market: "" })).toEqual([1, 2, 3, 4]);
    expect(ids({ status: "problems", productId: "", market: "" })).toEqual([2, 3]);
    expect(ids({ status: "ok", productId: "", market: "" })).toEqual([1]);
    expect(ids({ status: "", productId: "2", market: "" })).toEqual([3, 4]);
    expect(ids({ status: "problems", productId: "", market: "ES" })).toEqual([3]);
  });

  it("lists the markets once, default first", () => {
    expect(marketsOf(offers)).toEqual(["default", "ES", "PL"]);
  });

  it("shows a run's progress as a percentage", () => {
    expect(runPercent({ done: 1, total: 3 })).toBe(33);
    expect(runPercent({ done: 0, total: 0 })).toBe(0);
  });
});

describe("link check settings", () => {
  const saved = {
    intervalHours: 24,
    outOfStockPhrases: { en: ["out of stock", "sold out"], es: ["agotado"], de: [], nl: [], pl: [] },
  };

  it("edits phrases one per line and sends them back without blanks or repeats", () => {
    const draft = draftOf(saved);
    expect(draft.phrases.en).toBe("out of stock\nsold out");
    expect(phrasesOf(" agotado \n\nsin stock\nagotado\r\n")).toEqual(["agotado", "sin stock"]);
    expect(settingsOf({ ...draft, phrases: { ...draft.phrases, es: "agotado\n\nsin stock" } })).toEqual({
      intervalHours: 24,
      outOfStockPhrases: { ...saved.outOfStockPhrases, es: ["agotado", "sin stock"] },
    });
  });

  it("holds the contract's bounds: 1 to 168 hours, phrases of 2 to 100 characters, 50 a language", () => {
    const draft = draftOf(saved);
    expect(settingsProblems(draft)).toEqual({});
    expect(settingsProblems({ ...draft, intervalHours: "0" }).intervalHours).toBe("intervalRange");
    expect(settingsProblems({ ...draft, intervalHours: "169" }).intervalHours).toBe("intervalRange");
    expect(settingsProblems({ ...draft, phrases: { ...draft.phrases, de: "x" } }).de).toBe("phraseLength");
    const many = Array.from({ length: 51 }, (_, index) => `phrase ${index}`).join("\n");
    expect(settingsProblems({ ...draft, phrases: { ...draft.phrases, pl: many } }).pl).toBe("tooManyPhrases");
  });
});

describe("a link check's detail", () => {
  it("is said in the admin's language, values kept, as the checker wrote it in English", () => {
    const missing = checkDetail("dns_missing", { host: "shop.example.de" });
    expect(missing).toBe("DNS: shop.example.de does not exist");
    expect(checkDetailText(missing, adminT("es"))).toBe("DNS: shop.example.de no existe");
    expect(checkDetailText(missing, adminT("en"))).toBe(missing);
    const hops = checkDetail("redirected_other", { status: 200, count: 2 });
    expect(checkDetailText(hops, adminT("es"))).toBe("HTTP 200 tras 2 redirecciones dentro del sitio del comercio");
    expect(checkDetailText(checkDetail("phrase", { phrase: "Agotado" }), adminT("es"))).toBe(
      "la página dice «Agotado»",
    );
  });

  it("keeps any other text as it is", () => {
    expect(checkDetailText("something the checker never wrote", adminT("es"))).toBe(
      "something the checker never wrote",
    );
  });
});

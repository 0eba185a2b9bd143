import { describe, expect, it } from "vitest";
import { DEFAULT_LINK_CHECK_SETTINGS, allPhrases } from "./link-check.js";
import { readPage, stockVerdict } from "./link-check-page.js";

const phrases = allPhrases(DEFAULT_LINK_CHECK_SETTINGS);
const verdict = (html: string) => stockVerdict(readPage(html), phrases);
const jsonLd = (data: unknown) => `<script type="application/ld+json">${JSON.stringify(data)}</script>`;

describe("readPage", () => {
  it("reads the text a visitor sees, not scripts, styles, the head or hidden elements", () => {
    const page = readPage(
      `<html><head><title>Sold out</title><style>.x{content:"sold out"}</style></head><body>
       <h1>Trans-Resveratrol&nbsp;500</h1><script>var s = "sold out";</script>
       <p hidden>out of stock</p><div style="color:red; display:none">agotado</div><p>In the basket</p>`,
    );
    expect(page.text).toBe("Trans-Resveratrol 500 In the basket");
  });

  it("keeps words of neighbouring elements apart", () => {
    expect(readPage("<p>Sold</p><p>out</p><span>now</span>").text).toBe("Sold out now");
  });

  it("collects availability from JSON-LD anywhere: @graph, arrays, nested offers, @id objects", () => {
    const page = readPage(
      jsonLd({
        "@context": "https://schema.org",
        "@graph": [
          { "@type": "WebPage" },
          {
            "@type": "Product",
            offers: { "@type": "AggregateOffer", offers: [{ "@type": "Offer", availability: "OutOfStock" }] },
          },
        ],
      }) +
        jsonLd([{ "@type": "Offer", availability: { "@id": "http://schema.org/SoldOut" } }]) +
        '<script type="application/ld+json"><!-- {"availability": "https://schema.org/Discontinued"} --></script>' +
        '<script type="application/ld+json">{ not json</script>',
    );
    expect(page.availability).toEqual(["OutOfStock", "http://schema.org/SoldOut", "https://schema.org/Discontinued"]);
  });

  it("collects microdata availability from href or content", () => {
    const page = readPage(
      '<div itemscope itemtype="https://schema.org/Offer"><link itemprop="availability" href="https://schema.org/InStock">' +
        '<meta itemprop="price availability" content="OutOfStock"></div>',
    );
    expect(page.availability).toEqual(["https://schema.org/InStock", "OutOfStock"]);
  });

  it("reads a page cut off in the middle of an element", () => {
    expect(readPage("<body><p>Ausverkauft</p><div><span>Preis 12,").text).toBe("Ausverkauft Preis 12,");
  });
});

describe("stockVerdict", () => {
  it("is out of stock by schema.org availability, in any of its spellings", () => {
    for (const value of [
      "https://schema.org/OutOfStock",
      "http://schema.org/SoldOut",
      "OutOfStock",
      "schema:Discontinued",
      " https://schema.org/outofstock ",
    ]) {
      expect(verdict(jsonLd({ "@type": "Product", offers: { availability: value } })), value).toEqual({
        outOfStock: true,
        detail: `the page declares schema.org availability ${value.trim()}`,
      });
    }
  });

  it("lets a declared InStock win over sold-out phrases, and one offer in stock over others sold out", () => {
    expect(verdict(`${jsonLd({ availability: "https://schema.org/InStock" })}<p>Sold out</p>`).outOfStock).toBe(false);
    const variants = jsonLd({
      offers: [{ availability: "https://schema.org/OutOfStock" }, { availability: "https://schema.org/InStock" }],
    });
    expect(verdict(variants).outOfStock).toBe(false);
    expect(verdict(`${jsonLd({ availability: "https://schema.org/PreOrder" })}`).outOfStock).toBe(false);
  });

  it("falls back to the phrases of every language, without regard to case, as whole words", () => {
    expect(verdict("<p>This item is OUT OF STOCK</p>")).toEqual({
      outOfStock: true,
      detail: "the page says “OUT OF STOCK”",
    });
    expect(verdict("<p>Producto <b>Sin \n  stock</b></p>").detail).toBe("the page says “Sin stock”");
    expect(verdict("<p>Artikel ist NICHT VERFÜGBAR</p>").outOfStock).toBe(true);
    expect(verdict("<p>Helaas uitverkocht</p>").outOfStock).toBe(true);
    expect(verdict("<p>Produkt NIEDOSTĘPNY</p>").outOfStock).toBe(true);
    expect(verdict("<p>Brak w magazynie</p>").outOfStock).toBe(true);
    expect(verdict("<p>Agotadoras ofertas</p>").outOfStock).toBe(false);
    expect(verdict("<p>In stock, ships today</p>").outOfStock).toBe(false);
  });

  it("ignores an unknown availability and uses the phrases then", () => {
    expect(verdict(`${jsonLd({ availability: "https://schema.org/Whatever" })}<p>Sold out</p>`).outOfStock).toBe(true);
  });

  it("finds nothing without phrases or text", () => {
    expect(stockVerdict(readPage("<p>Sold out</p>"), [])).toEqual({ outOfStock: false, detail: null });
    expect(verdict("")).toEqual({ outOfStock: false, detail: null });
  });
});

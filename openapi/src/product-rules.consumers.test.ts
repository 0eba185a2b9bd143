import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Product } from "./client.js";
import { buildProduct, buildPublicOffer } from "./factories.js";
import { cataloguePricing, potencyMg, sortProducts } from "./product-rules.js";
import { facets, filterProducts, sortProducts as catalogSort } from "../../services/catalog/src/domain/listing.js";
import { retrievalAnswer } from "../../services/chat/src/domain/answer.js";
import { buildKnowledge } from "../../services/chat/src/domain/knowledge.js";
import { costPerMgText } from "../../frontend/src/lib/product-figures.js";

// Every consumer of the product rules (the catalog's list, sort and facets, the chat's answers and the
// front end's figures) against one truth: potencies written every way owners write them, in English and
// Spanish, each known to stand for an exact number of milligrams.

/** A potency in hundredths of a milligram (exact), and one way of writing it. */
interface Potency {
  hundredths: number;
  label: string;
}

const mgOf = (p: Potency) => p.hundredths / 100;

function group(digits: string, separator: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

type Style = "en" | "es" | "plain" | "plain-es";

/** A number with at most two decimals (or three when it is below one), as a person in `style` types it. */
function spell(whole: number, fraction: string, style: Style): string {
  const digits = String(whole);
  const integer = style === "en" ? group(digits, ",") : style === "es" ? group(digits, ".") : digits;
  const mark = style === "en" || style === "plain" ? "." : ",";
  return fraction ? `${integer}${mark}${fraction}` : integer;
}

const trimZeros = (digits: string) => digits.replace(/0+$/, "");

/** Every way this potency may be written under the reading rules (none of them ambiguous). */
function spellings(hundredths: number): string[] {
  const whole = Math.floor(hundredths / 100);
  const fraction = trimZeros(String(hundredths % 100).padStart(2, "0"));
  const styles: Style[] = ["en", "es", "plain", "plain-es"];
  const out: string[] = [];
  for (const style of styles) {
    const number = spell(whole, fraction, style);
    out.push(`${number}mg`, `${number} mg`, `${number} MG`, `${number} mg per capsule`, `${number} mg por cápsula`);
    out.push(`Trans-resveratrol 98% ${number} mg`);
    if (fraction === "" && whole % 1000 !== 0 && whole < 1000) {
      // Grams below one may have three decimals: "0.25 g", "0,125 g".
      out.push(`${spell(0, trimZeros(String(whole).padStart(3, "0")), style)} g`);
    }
    if (fraction === "" && whole >= 1000) {
      const grams = trimZeros(String(whole % 1000).padStart(3, "0"));
      // "1.125 g" would read as 1125 g: three decimals after a whole gram are not a spelling.
      if (grams.length < 3)
        out.push(
          `${spell(Math.floor(whole / 1000), grams, style)} g`,
          `${spell(Math.floor(whole / 1000), grams, style)}g`,
        );
    }
    if (fraction === "" && whole % 2 === 0 && whole >= 2) out.push(`2 x ${spell(whole / 2, "", style)} mg`);
  }
  return out;
}

const potency: fc.Arbitrary<Potency> = fc
  .oneof(
    fc.integer({ min: 1, max: 3000 }).map((mg) => mg * 100),
    fc.integer({ min: 1, max: 9999 }),
    fc.integer({ min: 100_000, max: 500_000 }),
  )
  .chain((hundredths) => fc.constantFrom(...spellings(hundredths)).map((label) => ({ hundredths, label })));

const price = fc.integer({ min: 100, max: 20_000 }).map((cents) => ({ cents, text: (cents / 100).toFixed(2) }));

interface Listed {
  product: Product;
  mg: number;
  cents: number;
}

const catalogue: fc.Arbitrary<Listed[]> = fc
  .array(
    fc.record({
      potency,
      price,
      placement: fc.option(fc.integer({ min: 1, max: 20 }), { nil: null }),
      rating: fc.integer({ min: 10, max: 50 }).map((r) => (r / 10).toFixed(1)),
      reviewCount: fc.nat({ max: 500 }),
    }),
    { minLength: 1, maxLength: 8 },
  )
  .map((rows) =>
    rows.map((row, index) => ({
      product: buildProduct({
        id: index + 1,
        name: `Item ${String.fromCharCode(65 + index)}`,
        brand: `Brand ${String.fromCharCode(65 + index)}`,
        potency: row.potency.label,
        price: row.price.text,
        // Sold in the default market at the catalogue's price: what the chat's unknown visitor is shown.
        offers: [buildPublicOffer({ price: row.price.text })],
        placement: row.placement,
        rating: row.rating,
        reviewCount: row.reviewCount,
      }),
      mg: mgOf(row.potency),
      cents: row.price.cents,
    })),
  );

const truth = (listed: Listed[]) => new Map(listed.map((l) => [l.product.id, l]));

/** The site's ranking, which breaks every tie below. */
const rankOf = (products: Product[]) => {
  const ranked = sortProducts(products, "placement");
  return (p: Product) => ranked.indexOf(p);
};

const runs = { numRuns: 150 };

// CPU-bound and proportional to numRuns: 0.4 to 3 s a test measured on a machine shared with other work.
describe("every consumer reads potency and cost per mg by the one rule", { timeout: 30_000 }, () => {
  it("the rule reads each spelling as the milligrams it stands for", () => {
    fc.assert(
      fc.property(potency, (p) => {
        expect(potencyMg(p.label), p.label).toBe(mgOf(p));
      }),
      runs,
    );
  });

  it("the catalog sorts by potency, orders the potency facet and filters by it as the rule reads", () => {
    fc.assert(
      fc.property(catalogue, (listed) => {
        const products = listed.map((l) => l.product);
        const mg = (p: Product) => truth(listed).get(p.id)!.mg;
        const rank = rankOf(products);
        const expected = [...products].sort((a, b) => mg(b) - mg(a) || rank(a) - rank(b));
        expect(catalogSort(products, "potency").map((p) => p.id)).toEqual(expected.map((p) => p.id));

        const values = facets(products, {}, cataloguePricing).potency.map((f) => potencyMg(f.value)!);
        expect(values).toEqual([...new Set(listed.map((l) => l.mg))].sort((a, b) => a - b));

        for (const { product, mg: wanted } of listed) {
          const found = filterProducts(products, { potency: [product.potency!] }, cataloguePricing).map((p) => p.id);
          expect(found).toEqual(listed.filter((l) => l.mg === wanted).map((l) => l.product.id));
        }
      }),
      runs,
    );
  });

  it("the front end shows price over milligrams as the cost per mg", () => {
    fc.assert(
      fc.property(potency, price, (p, cost) => {
        // Two places as Intl rounds them (the decimal value, half away from zero: 73.335 is 73.34).
        const shown = (locale: string) =>
          new Intl.NumberFormat(locale, {
            minimumFractionDigits: 2,
            maximumFractionDigits: 2,
            useGrouping: false,
          }).format(cost.cents / 100 / mgOf(p));
        expect(costPerMgText({ price: cost.text, potency: p.label }, "en")).toBe(shown("en-US"));
        expect(costPerMgText({ price: cost.text, potency: p.label }, "es")).toBe(shown("es-ES"));
      }),
      runs,
    );
  });

  it("the chat picks the strongest, the best value and the protocol's products as the catalog would", () => {
    fc.assert(
      fc.property(catalogue, (listed) => {
        const products = listed.map((l) => l.product);
        const knowledge = buildKnowledge("en", products, []);
        const byId = truth(listed);
        const rank = rankOf(products);
        const perMg = (p: Product) => byId.get(p.id)!.cents / 100 / byId.get(p.id)!.mg;

        const strongest = retrievalAnswer("Which has the highest potency?", knowledge);
        expect(strongest.products.map((p) => p.id)).toEqual(
          catalogSort(products, "potency")
            .slice(0, 3)
            .map((p) => p.id),
        );
        const max = Math.max(...listed.map((l) => l.mg));
        expect(strongest.text).toContain(`is ${max} mg per serving`);

        const budget = retrievalAnswer("What's the cheapest one?", knowledge);
        const best = [...products].sort((a, b) => perMg(a) - perMg(b) || rank(a) - rank(b))[0]!;
        // Dollars as English writes them, thousands grouped: $1,000.00.
        const dollars = (amount: number) =>
          new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(amount);
        expect(budget.text).toContain(`Best value per mg: ${best.name} at ${dollars(perMg(best))} per mg.`);
        for (const p of budget.products) {
          expect(budget.text).toContain(`${p.name} (${p.brand}): ${p.potency}, ${dollars(Number(p.price))}`);
          const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
          expect(budget.text, p.potency!).toMatch(
            new RegExp(`${escaped(`${p.name} (${p.brand}):`)}[^\\n]*${escaped(dollars(perMg(p)))} per mg`),
          );
        }

        const protocol = retrievalAnswer("David Sinclair protocol", knowledge);
        const eligible = products.filter((p) => byId.get(p.id)!.mg >= 500).sort((a, b) => rank(a) - rank(b));
        expect(protocol.products.map((p) => p.id)).toEqual(eligible.slice(0, 3).map((p) => p.id));
      }),
      runs,
    );
  });
});

import { HtmlValidate } from "html-validate";
// The tool ships CommonJS without types.
// @ts-expect-error no type declarations
import { structuredDataTest } from "structured-data-testing-tool";
// @ts-expect-error no type declarations
import { Google } from "structured-data-testing-tool/presets";
import { assert, beforeAll, describe, expect, it } from "vitest";
import { articlePath, reviewPath, routePath, type Lang } from "../src/routes.js";
import { gatewayUrl, products, publishedPosts } from "./support/site.js";

// The standard rules, less two style rules that React's server renderer decides for us: it writes
// void elements as `<br/>` and attributes as hrefLang or dateTime. Named landmarks and short titles
// are asked for explicitly.
const htmlValidate = new HtmlValidate({
  extends: ["html-validate:standard"],
  rules: {
    "void-style": "off",
    "attr-case": "off",
    "unique-landmark": "error",
    "long-title": ["error", { maxlength: 70 }],
  },
});

const entities: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#x27;": "'" };
const decoded = (text: string) => text.replace(/&(amp|lt|gt|quot|#x27);/g, (entity) => entities[entity] ?? entity);

interface SdttTest {
  test: string;
  description?: string;
}
interface SdttResult {
  passed: SdttTest[];
  failed: SdttTest[];
  warnings: SdttTest[];
  schemas: string[];
}

// What Google asks of product and review snippets, beside the tool's Google preset (articles, pages).
const reviewSnippet = {
  name: "Review snippet",
  description: "Google's required properties of Review and Product",
  tests: [
    { test: "Review", type: "jsonld", expect: true },
    { test: "Review[*].author.name", type: "jsonld" },
    { test: "Review[*].reviewRating.ratingValue", type: "jsonld" },
    { test: "Review[*].itemReviewed.name", type: "jsonld" },
    { test: "Product[*].name", type: "jsonld" },
    // An Offer (one retailer) or an AggregateOffer (several): both name their currency.
    { test: "Product[*].offers.priceCurrency", type: "jsonld" },
  ],
};

async function structuredData(html: string, schemas: string[], extra: object[] = []): Promise<SdttResult> {
  try {
    return (await structuredDataTest(html, { presets: [Google, ...extra], schemas })) as SdttResult;
  } catch (error) {
    const failure = error as { type?: string; res?: SdttResult };
    if (failure.type === "VALIDATION_FAILED" && failure.res) return failure.res;
    throw error;
  }
}

async function pageHtml(path: string): Promise<string> {
  const response = await fetch(`${gatewayUrl}${path}`);
  const html = await response.text();
  if (!response.ok && response.status !== 404) throw new Error(`${path}: ${response.status}`);
  return html;
}

type PageCase = { path: string; schemas: string[]; review?: boolean };

describe("pages as validators read them", () => {
  const cases: PageCase[] = [];

  beforeAll(async () => {
    const [top] = await products({ lang: "en" });
    if (!top) throw new Error("no product in the catalogue");
    for (const lang of ["en", "es"] as Lang[]) {
      const [post] = await publishedPosts(lang);
      if (!post) throw new Error(`no published ${lang} post`);
      cases.push(
        { path: lang === "es" ? "/es" : "/", schemas: ["WebSite", "ItemList"] },
        { path: routePath("comparison", lang), schemas: [] },
        { path: routePath("blog", lang), schemas: [] },
        { path: articlePath(post.slug, lang), schemas: ["Article"] },
        { path: reviewPath(top.slug, lang), schemas: ["Product", "Review", "BreadcrumbList"], review: true },
        { path: routePath("review", lang), schemas: [] },
        { path: routePath("faq", lang), schemas: ["FAQPage"] },
        { path: routePath("whatIsResveratrol", lang), schemas: [] },
        { path: routePath("bestForAthletes", lang), schemas: [] },
        { path: routePath("privacyPolicy", lang), schemas: [] },
        { path: lang === "es" ? "/es/no-existe" : "/no-such-page", schemas: [] },
      );
    }
  });

  it("html-validate's standard rules pass on every page type in both languages", async () => {
    const problems: string[] = [];
    for (const { path } of cases) {
      const report = await htmlValidate.validateString(await pageHtml(path), path);
      for (const result of report.results)
        for (const message of result.messages)
          problems.push(`${path}:${message.line}:${message.column} ${message.ruleId}: ${message.message}`);
    }
    expect(problems).toEqual([]);
  });

  it("titles are at most 70 characters", async () => {
    const long: string[] = [];
    for (const { path } of cases) {
      const title = decoded(/<title[^>]*>([^<]*)<\/title>/.exec(await pageHtml(path))?.[1] ?? "");
      if (title.length === 0 || title.length > 70) long.push(`${path}: "${title}" (${title.length})`);
    }
    expect(long).toEqual([]);
  });

  it("structured data passes the Google preset, and review pages describe a Review of the Product", async () => {
    const problems: string[] = [];
    for (const { path, schemas, review } of cases) {
      const result = await structuredData(await pageHtml(path), schemas, review ? [reviewSnippet] : []);
      for (const failed of result.failed) problems.push(`${path}: ${failed.description ?? failed.test}`);
      for (const schema of schemas) if (!result.schemas.includes(schema)) problems.push(`${path}: no ${schema}`);
    }
    expect(problems).toEqual([]);
  });
});

describe("stock and flags", () => {
  it("shows an out-of-stock product so in the table and on its review, with Check availability instead of Buy Now", async () => {
    const catalogue = await products({ lang: "en" });
    const out = catalogue.find((product) => !product.inStock);
    const top = catalogue.find((product) => product.isTopRanked);
    assert(out, "the demo catalogue has an out-of-stock product");
    assert(top, "the demo catalogue has a top-ranked product");

    const comparison = await pageHtml(routePath("comparison", "en"));
    const row = new RegExp(`data-slug="${out.slug}"[\\s\\S]*?</tr>`).exec(comparison)?.[0] ?? "";
    expect(row).toContain('data-flag="outOfStock"');
    expect(row).toMatch(/data-stock="out">Check availability/);
    expect(row).not.toContain("Buy Now");
    const topRow = new RegExp(`data-slug="${top.slug}"[\\s\\S]*?</tr>`).exec(comparison)?.[0] ?? "";
    expect(topRow).toContain('data-flag="topRanked"');

    const review = await pageHtml(reviewPath(out.slug, "es"));
    expect(review).toContain('data-flag="outOfStock"');
    expect(review).toContain("Ver disponibilidad");
  });
});

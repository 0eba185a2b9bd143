import {
  createApiClient,
  unwrap,
  type BlogPost,
  type BlogPostInput,
  type Language as Lang,
  type Product,
  type ProductInput,
  type SiteSettings,
  type SiteSettingsInput,
} from "@rsv/api/client";
import { randomUUID } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articlePath, homePath, reviewPath, routePath } from "../src/routes.js";
import { dangerousMarkup } from "./fixtures/xss-audit.js";
import { batches, fieldHtml, sentinel, xssPayloads, type XssPayload } from "./fixtures/xss-payloads.js";
import { adminCredentials } from "./support/admin.js";
import { desktop, gatewayUrl, launchBrowser, newContext, products } from "./support/site.js";

/**
 * Stored XSS: every payload of the corpus is saved through the admin API into each admin-authored
 * field the public pages render (post content and product HTML in both languages, and the plain-text
 * fields beside them), then those pages are opened in Chromium with JavaScript on, once under the
 * site's CSP and once with the CSP switched off, so a payload the sanitisers let through would
 * actually run rather than only be blocked.
 */

const BATCHES = 3;
const run = randomUUID().slice(0, 6);
// Four fields per batch (post and product, English and Spanish), each ending with its own open-ended payload.
const FIELDS = ["post en", "post es", "product en", "product es"] as const;
const batchList = batches(BATCHES, FIELDS.length);
const textPayloads = xssPayloads.filter((payload) => ["text breakouts", "malformed"].includes(payload.group));
const text = (index: number) => textPayloads[index % textPayloads.length]!.html;

let adminApi: ReturnType<typeof createApiClient>;
const created = { posts: [] as BlogPost[], products: [] as Product[] };
let settingsBefore: SiteSettings | undefined;

interface Target {
  name: string;
  path: () => string;
  /** The element holding admin-authored HTML, audited strictly, with the sentinels it must show. */
  content?: { selector: string; payloads: () => XssPayload[] };
  /** Text the page must show, so the test knows it looked at the stored content. */
  shows: () => string;
}

function fieldPayloads(batch: number, field: (typeof FIELDS)[number]): XssPayload[] {
  const { closed, open } = batchList[batch]!;
  const index = FIELDS.indexOf(field);
  return [...closed, ...open.slice(index, index + 1)];
}

async function signIn(): Promise<string> {
  const response = await fetch(`${gatewayUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(adminCredentials()),
  });
  if (response.status !== 200) throw new Error(`admin login: ${response.status} ${await response.text()}`);
  return (response.headers.get("set-cookie") ?? "").split(";")[0]!;
}

function postInput(batch: number, lang: Lang, payloads: XssPayload[], translationId?: number): BlogPostInput {
  return {
    title: `XSS ${run} ${batch} ${lang} ${text(batch)}`,
    excerpt: `Excerpt ${text(batch + 1)}`,
    content: fieldHtml(payloads),
    category: text(batch + 2),
    imageUrl: "/api/images/xss.png",
    published: true,
    metaDescription: text(batch + 3),
    keywords: [text(batch + 4), "xss"],
    lang,
    ...(translationId ? { translationId } : {}),
  };
}

function productInput(batch: number, imageUrl: string): ProductInput {
  return {
    name: `XSS ${run} ${batch} ${text(batch)}`,
    brand: `Brand ${text(batch + 1)}`,
    potency: "100mg",
    source: text(batch + 2),
    price: "9.99",
    rating: "1.0",
    imageUrl,
    description: text(batch + 3),
    bestFor: text(batch + 4),
    features: [text(batch + 5), text(batch + 6)],
    benefits: [text(batch + 7)],
    badge: text(batch + 8).slice(0, 100),
    couponCode: "XSS",
    couponDescription: text(batch + 9),
    htmlContent: fieldHtml(fieldPayloads(batch, "product en")),
    translations: {
      es: {
        description: text(batch + 10),
        htmlContent: fieldHtml(fieldPayloads(batch, "product es")),
        features: [text(batch + 11)],
      },
    },
  };
}

function settingsInput(settings: SiteSettings): SiteSettingsInput {
  const { siteName, logoUrl, faviconUrl, description, legalName, contactAddress, legalEffectiveDate } = settings;
  return { siteName, logoUrl, faviconUrl, description, legalName, contactAddress, legalEffectiveDate };
}

const postOf = (batch: number, lang: Lang) =>
  created.posts.find((post) => post.title.startsWith(`XSS ${run} ${batch} ${lang} `))!;
const productOf = (batch: number) =>
  created.products.find((product) => product.name.startsWith(`XSS ${run} ${batch} `))!;

const targets: Target[] = [
  ...batchList.flatMap((_, batch) =>
    (["en", "es"] as const).flatMap((lang): Target[] => [
      {
        name: `post ${batch + 1} (${lang})`,
        path: () => articlePath(postOf(batch, lang).slug, lang),
        content: {
          selector: "[data-testid='article-content']",
          payloads: () => fieldPayloads(batch, `post ${lang}`),
        },
        shows: () => postOf(batch, lang).title,
      },
      {
        name: `review ${batch + 1} (${lang})`,
        path: () => reviewPath(productOf(batch).slug, lang),
        content: {
          selector: "[data-testid='extra-content'] .prose-content",
          payloads: () => fieldPayloads(batch, `product ${lang}`),
        },
        shows: () => productOf(batch).name,
      },
    ]),
  ),
  ...(["en", "es"] as const).flatMap((lang): Target[] => [
    { name: `blog list (${lang})`, path: () => routePath("blog", lang), shows: () => `XSS ${run} ` },
    { name: `home (${lang})`, path: () => homePath(lang), shows: () => `XSS ${run} ` },
    { name: `review index (${lang})`, path: () => routePath("review", lang), shows: () => `XSS ${run} ` },
    { name: `comparison (${lang})`, path: () => routePath("comparison", lang), shows: () => `XSS ${run} ` },
    { name: `privacy policy (${lang})`, path: () => routePath("privacyPolicy", lang), shows: () => `Legal ${run}` },
  ]),
];

/** What a visit saw: each list must stay empty. */
interface Findings {
  dialogs: string[];
  hits: number[];
  violations: string[];
  navigations: string[];
  markup: string[];
  missingSentinels: string[];
}

/**
 * Payloads that fire by themselves (a SMIL animation beginning, a media or image error, a refresh of
 * 0 seconds) have had their moment once the same kinds of element, added by the test after the page
 * settled, have fired too: the browser handles them in the order they came.
 */
async function selfFiringHandlersHaveRun(page: Page): Promise<void> {
  await page.evaluate(() => {
    const fired = new Set<string>();
    (window as unknown as { __canaries: Set<string> }).__canaries = fired;
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    const animate = document.createElementNS("http://www.w3.org/2000/svg", "animate");
    animate.setAttribute("attributeName", "x");
    animate.setAttribute("dur", "1s");
    animate.addEventListener("beginEvent", () => {
      fired.add("animation");
      svg.remove();
    });
    svg.append(animate);
    document.body.append(svg);
    const video = document.createElement("video");
    video.addEventListener("error", () => fired.add("media"));
    video.src = "/xss-canary-missing.mp4";
    const image = new Image();
    image.addEventListener("error", () => fired.add("image"));
    image.src = "/xss-canary-missing.png";
  });
  await page.waitForFunction(() => (window as unknown as { __canaries: Set<string> }).__canaries.size === 3);
}

async function visit(context: BrowserContext, target: Target): Promise<Findings> {
  const page: Page = await context.newPage();
  const findings: Findings = {
    dialogs: [],
    hits: [],
    violations: [],
    navigations: [],
    markup: [],
    missingSentinels: [],
  };
  page.on("dialog", (dialog) => {
    findings.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss().catch(() => undefined);
  });
  page.on("console", (message) => {
    if (/content security policy/i.test(message.text())) findings.violations.push(message.text());
  });
  page.on("popup", (popup) => findings.navigations.push(`popup ${popup.url()}`));
  const url = new URL(target.path(), gatewayUrl).href;
  try {
    await page.goto(url, { waitUntil: "load" });
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame() && frame.url() !== url) findings.navigations.push(frame.url());
    });
    await page.waitForSelector("html[data-hydrated='true']", { timeout: 45_000 });
    // Handlers that need a visitor: the pointer crosses the page and focus walks through it.
    const { width, height } = page.viewportSize()!;
    for (let y = 50; y < height; y += 150) await page.mouse.move(width / 2, y);
    for (let step = 0; step < 5; step++) await page.keyboard.press("Tab");
    await page.waitForLoadState("networkidle");
    await selfFiringHandlersHaveRun(page);
    if (page.url() !== url) findings.navigations.push(`ended on ${page.url()}`);

    const record = await page.evaluate(
      () => (window as unknown as { __xss: { hits: number[]; violations: string[] } }).__xss,
    );
    findings.hits.push(...record.hits);
    findings.violations.push(...record.violations);
    findings.markup.push(...((await page.evaluate(`(${dangerousMarkup.toString()})(document, false)`)) as string[]));
    const body = (await page.locator("body").textContent()) ?? "";
    if (!body.includes(target.shows())) findings.missingSentinels.push(`page does not show "${target.shows()}"`);
    if (target.content) {
      const container = page.locator(target.content.selector);
      const strict = (await page.evaluate(
        `(${dangerousMarkup.toString()})(document.querySelector(${JSON.stringify(target.content.selector)}), true)`,
      )) as string[];
      findings.markup.push(...strict.map((problem) => `content: ${problem}`));
      const shown = (await container.textContent()) ?? "";
      for (const payload of target.content.payloads())
        if (!shown.includes(sentinel(payload.id))) findings.missingSentinels.push(sentinel(payload.id));
    }
  } finally {
    await page.close();
  }
  return findings;
}

const clean: Findings = { dialogs: [], hits: [], violations: [], navigations: [], markup: [], missingSentinels: [] };

/** Records the marker every payload sets, and CSP violations, before any of the page's own script runs. */
async function watchedContext(browser: Browser, bypassCSP: boolean): Promise<BrowserContext> {
  const context = await newContext(browser, { ...desktop, bypassCSP });
  await context.addInitScript(watch);
  // The payloads' relative images and media (src=x) would each ask the web process for a page: answer
  // them here with a 404, which fires their error handlers just the same.
  await context.route(
    (url) => url.href.startsWith(gatewayUrl) && !/^\/(api|assets)\//.test(url.pathname),
    (route) => (route.request().resourceType() === "document" ? route.fallback() : route.fulfill({ status: 404 })),
  );
  return context;
}

function watch() {
  const record = { hits: [] as number[], violations: [] as string[] };
  Object.defineProperty(window, "__xss", { value: record });
  Object.defineProperty(window, "xssHit", {
    set: (value: number) => record.hits.push(value),
    get: () => undefined,
  });
  document.addEventListener(
    "securitypolicyviolation",
    (event) => record.violations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`),
    true,
  );
}

describe(`stored XSS: ${xssPayloads.length} payloads in every admin-authored field, rendered in Chromium`, () => {
  let browser: Browser;
  let enforced: BrowserContext;
  let bypassed: BrowserContext;

  beforeAll(async () => {
    const cookie = await signIn();
    adminApi = createApiClient({ baseUrl: gatewayUrl, headers: { cookie, origin: gatewayUrl } });
    const [existing] = await products();
    if (!existing) throw new Error("the demo catalogue is empty");

    settingsBefore = await unwrap(adminApi.GET("/api/site-settings"));
    await unwrap(
      adminApi.PUT("/api/site-settings", {
        body: {
          ...settingsInput(settingsBefore),
          siteName: `Resveratrol ${text(0)}`.slice(0, 200),
          description: { en: text(1), es: text(4) },
          legalName: `Legal ${run} ${text(2)}`.slice(0, 200),
          contactAddress: text(3),
        },
      }),
    );
    for (const [batch] of batchList.entries()) {
      const en = await unwrap(
        adminApi.POST("/api/blog", { body: postInput(batch, "en", fieldPayloads(batch, "post en")) }),
      );
      created.posts.push(en);
      created.posts.push(
        await unwrap(
          adminApi.POST("/api/blog", { body: postInput(batch, "es", fieldPayloads(batch, "post es"), en.id) }),
        ),
      );
      created.products.push(
        await unwrap(adminApi.POST("/api/products", { body: productInput(batch, existing.imageUrl) })),
      );
    }

    browser = await launchBrowser();
    enforced = await watchedContext(browser, false);
    bypassed = await watchedContext(browser, true);
  });

  afterAll(async () => {
    await browser?.close();
    if (!adminApi) return;
    for (const post of created.posts)
      await adminApi.DELETE("/api/blog/{id}", { params: { path: { id: post.id } } }).catch(() => undefined);
    for (const product of created.products)
      await adminApi.DELETE("/api/products/{id}", { params: { path: { id: product.id } } }).catch(() => undefined);
    if (settingsBefore) await unwrap(adminApi.PUT("/api/site-settings", { body: settingsInput(settingsBefore) }));
  });

  it("holds at least 100 distinct payloads, each saved in a field of a post and of a product", () => {
    expect(new Set(xssPayloads.map((payload) => payload.html)).size).toBe(xssPayloads.length);
    expect(xssPayloads.length).toBeGreaterThanOrEqual(100);
    const saved = new Set(batchList.flatMap((_, batch) => FIELDS.flatMap((field) => fieldPayloads(batch, field))));
    expect(saved.size).toBe(xssPayloads.length);
    expect(created.posts).toHaveLength(BATCHES * 2);
    expect(created.products).toHaveLength(BATCHES);
  });

  it("sees a payload that gets through: a page served with the site's CSP but without the sanitisers", async () => {
    const csp = (await fetch(gatewayUrl)).headers.get("content-security-policy")!;
    expect(csp).toContain("script-src 'self'");
    const control: Target = { name: "control", path: () => `/xss-control-${run}`, shows: () => "control page" };
    const html = `<!doctype html><html data-hydrated="true"><body><p>control page</p><img src=x onerror="top.xssHit=1,alert(1)"><a href="javascript:void 0">x</a></body></html>`;
    for (const context of [enforced, bypassed])
      await context.route(new URL(control.path(), gatewayUrl).href, (route) =>
        route.fulfill({
          status: 200,
          contentType: "text/html",
          headers: { "content-security-policy": csp },
          body: html,
        }),
      );
    const markup = ["<img> onerror=", "<a> href=javascript:void 0"];
    const underCsp = await visit(enforced, control);
    expect(underCsp).toMatchObject({ dialogs: [], hits: [], markup, navigations: [], missingSentinels: [] });
    expect(underCsp.violations.length).toBeGreaterThan(0);
    expect(await visit(bypassed, control)).toEqual({ ...clean, dialogs: ["alert: 1"], hits: [1], markup });
  });

  // Two full page loads each, after waiting out the micro-cache: generous on a shared machine. Pages
  // are visited a few at a time (most of a visit is waiting for timers and the network to settle).
  it.concurrent.for(targets)(
    "$name: nothing runs, navigates or is reported, under the CSP and without it",
    { timeout: 180_000 },
    async (target, { expect }) => {
      // Lists and the settings are micro-cached by nginx for a few seconds: wait until the new content shows.
      await expect
        .poll(async () => (await (await fetch(new URL(target.path(), gatewayUrl))).text()).includes(run), {
          timeout: 20_000,
          interval: 1000,
        })
        .toBe(true);
      const [underCsp, withoutCsp] = await Promise.all([visit(enforced, target), visit(bypassed, target)]);
      expect(underCsp).toEqual(clean);
      expect(withoutCsp).toEqual(clean);
    },
  );
});

import { createApiClient, unwrap, type Product } from "@rsv/api/client";
import { JSDOM } from "jsdom";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "playwright-core";
import { chromiumFlags, chromiumPath } from "./chromium.js";

/** The e2e files run against the gateway the test harness started (make test); without one they fail. */
function requiredGateway(): string {
  const url = process.env.GATEWAY_URL;
  if (!url)
    throw new Error("GATEWAY_URL is not set: browser tests run through `make test`, which starts the topology.");
  return url.replace(/\/+$/, "");
}
export const gatewayUrl = requiredGateway();

export const screenshotDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../../test-results/screenshots",
);

export const api = createApiClient({ baseUrl: gatewayUrl });

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
}

// Headless Chromium calls itself HeadlessChrome, which analytics rightly drops as a bot; these tests
// play visitors, so they present the browser's ordinary user agent.
const DESKTOP_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";
const MOBILE_UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36";

export const desktop: BrowserContextOptions = {
  viewport: { width: 1280, height: 900 },
  locale: "en-US",
  userAgent: DESKTOP_UA,
};
export const mobile: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  locale: "en-US",
  isMobile: true,
  hasTouch: true,
  userAgent: MOBILE_UA,
};

/** Anything outside the gateway (retailer pages, remote images) is answered locally: this machine has no internet. */
export async function newContext(browser: Browser, options: BrowserContextOptions = desktop): Promise<BrowserContext> {
  const context = await browser.newContext({ ...options, baseURL: gatewayUrl });
  await context.route(
    (url) => !url.href.startsWith(gatewayUrl),
    (route) =>
      route.fulfill({
        status: 200,
        contentType: "text/html",
        body: "<!doctype html><title>Retailer</title><h1>Retailer</h1>",
      }),
  );
  return context;
}

/**
 * Errors the page logs, except failed image loads (demo images may be absent). Any other request that
 * fails is one: a call answered 401 or 404 is in the console of everyone who opens the page.
 */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  const images = new Set<string>();
  page.on("request", (request) => {
    if (request.resourceType() === "image") images.add(request.url());
  });
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    if (!message.text().startsWith("Failed to load resource")) errors.push(message.text());
    // A failed load's location is the resource's address.
    else if (!images.has(message.location().url)) errors.push(`${message.text()}: ${message.location().url}`);
  });
  return errors;
}

/** Until the page has hydrated: seconds on a quiet machine, over 15 s beside the rest of make test on a loaded one. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForSelector("html[data-hydrated='true']", { timeout: 45_000 });
}

/**
 * A full-page PNG in test-results/screenshots for a person to look at (it checks nothing), about half a
 * second of CPU each. SCREENSHOTS=off leaves them out: make test on CI, where nobody sees them.
 */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  if (process.env.SCREENSHOTS === "off") return;
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

/**
 * A page as the server sends it, parsed: what a browser without JavaScript shows, read without one
 * (a navigation in Chromium costs about half a second of CPU on a small machine). Redirects are not
 * followed, so a page that moved answers its 3xx.
 */
export async function servedPage(path: string): Promise<{ status: number; document: Document }> {
  const response = await fetch(`${gatewayUrl}${path}`, { redirect: "manual" });
  return { status: response.status, document: new JSDOM(await response.text()).window.document };
}

export async function products(query: Record<string, string | string[]> = {}): Promise<Product[]> {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) for (const item of [value].flat()) search.append(key, item);
  const response = await fetch(`${gatewayUrl}/api/products?${search}`);
  if (!response.ok) throw new Error(`GET /api/products?${search}: ${response.status}`);
  return (await response.json()) as Product[];
}

export async function publishedPosts(lang: "en" | "es") {
  return unwrap(api.GET("/api/blog", { params: { query: { published: true, lang } } }));
}

export async function rowSlugs(page: Page): Promise<string[]> {
  return page
    .locator("[data-testid='comparison-row']")
    .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-slug") ?? ""));
}

/**
 * Resolves once the page has painted two frames: whatever an event just set in motion in the page's own
 * code (a store update, a React commit) is on screen by then. An "is absent" check waits for this after
 * a positive sign that the code deciding it has run.
 */
export async function afterNextPaint(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/** Whether the page has a listener for this event on the document itself (not one of its elements). */
export async function documentListensFor(page: Page, type: string): Promise<boolean> {
  const session = await page.context().newCDPSession(page);
  try {
    const { result } = await session.send("Runtime.evaluate", { expression: "document" });
    if (!result.objectId) return false;
    const { listeners } = await session.send("DOMDebugger.getEventListeners", { objectId: result.objectId });
    return listeners.some((listener) => listener.type === type);
  } finally {
    await session.detach();
  }
}

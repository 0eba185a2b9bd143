import { JSDOM } from "jsdom";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminPage, adminCredentials, copy, openTab, screenshotTab, signIn, waitForToast } from "./support/admin.js";
import { adminCopy } from "../src/admin/admin-copy.js";
import {
  afterNextPaint,
  collectPageErrors,
  desktop,
  gatewayUrl,
  launchBrowser,
  mobile,
  newContext,
} from "./support/site.js";

describe("admin sign-in and the session", () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("refuses a wrong password and opens nothing, keeping the keyboard's place", async () => {
    const { context, page } = await adminPage(browser);
    const adminCalls: number[] = [];
    page.on("response", (response) => {
      if (/\/api\/(products|blog|newsletter|images|analytics\/summary)(\?|$)/.test(response.url()))
        adminCalls.push(response.status());
    });
    const response = await page.goto("/admin");
    expect(await response?.text()).toContain('name="robots" content="noindex, nofollow"');
    await page.getByRole("heading", { name: copy.login.title }).waitFor();
    expect(await page.getByPlaceholder(copy.login.emailPlaceholder).count()).toBe(1);
    expect(await page.getByPlaceholder(copy.login.passwordPlaceholder).count()).toBe(1);
    expect(await page.getByText(copy.login.footer).count()).toBe(1);
    expect(await page.getByText(copy.login.subtitle).count()).toBe(1);

    await page.getByLabel(copy.login.email).fill(adminCredentials().email);
    await page.getByLabel(copy.login.password).fill("not-the-password");
    await page.getByRole("button", { name: copy.login.submit }).click();
    await waitForToast(page, copy.login.toast.failed);
    expect(await page.getByTestId("login-error").textContent()).toBe(copy.login.invalid);
    expect(await page.locator("[data-testid='toast']").textContent()).toContain(copy.login.invalid);
    // Read out once, by the form: the toast's words carry no live role of their own.
    expect(await page.locator("[data-testid='toast'] [role]").count()).toBe(0);
    // The keyboard is back in the password field, which the error describes.
    const password = page.getByLabel(copy.login.password);
    await expect.poll(() => password.evaluate((field) => field === document.activeElement)).toBe(true);
    expect(await password.getAttribute("aria-invalid")).toBe("true");
    const describedBy = await password.getAttribute("aria-describedby");
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(copy.login.invalid);
    expect(await page.getByRole("tab").count()).toBe(0);
    expect(adminCalls).toEqual([]);
    const cookies = await context.cookies();
    expect(cookies.some((cookie) => cookie.name === "rsv_session")).toBe(false);

    // Signing in from the keyboard leaves the focus at the dashboard's title, not lost on the page.
    await password.fill(adminCredentials().password);
    await password.press("Enter");
    const title = page.getByRole("heading", { name: copy.dashboard.title });
    await expect.poll(() => title.evaluate((heading) => heading === document.activeElement)).toBe(true);
    await context.close();
  });

  it("opens signed out on the server's sign-in form, asking nothing and logging no error; a cookie is asked about", async () => {
    const { context, page } = await adminPage(browser);
    const errors = collectPageErrors(page);
    const asked: number[] = [];
    page.on("response", (response) => {
      if (new URL(response.url()).pathname === "/api/auth/session") asked.push(response.status());
    });
    const response = await page.goto("/admin");
    const served = new JSDOM(await response!.text()).window.document;
    expect(served.querySelector("[data-testid='admin-login'] h1")?.textContent).toBe(copy.login.title);
    expect(served.querySelector("[data-testid='admin-login'] form")?.getAttribute("method")).toBe("post");
    // The sign that the page hydrated: only then can the form be sent.
    await page.getByRole("button", { name: copy.login.submit, disabled: false }).waitFor();
    await afterNextPaint(page);
    expect(asked).toEqual([]);
    expect(errors).toEqual([]);

    // A session cookie, even one whose session has ended, is the server's to answer: the page asks.
    await context.addCookies([{ name: "rsv_session", value: "ended", url: gatewayUrl }]);
    await page.goto("/admin");
    await page.getByRole("heading", { name: copy.login.title }).waitFor();
    expect(asked).toEqual([401]);
    await context.close();
  });

  it("opens the dashboard for a signed-in owner who follows a link to it from another site", async () => {
    // A context without newContext's stand-in for outside sites: with requests intercepted, Chromium
    // reports only a request's provisional headers, and this test reads the ones it sent.
    const context = await browser.newContext({ ...desktop, baseURL: gatewayUrl });
    const page = await context.newPage();
    await signIn(page);
    const asked: number[] = [];
    page.on("response", (response) => {
      if (new URL(response.url()).pathname === "/api/auth/session") asked.push(response.status());
    });
    // Another site's page (an email read in webmail) linking here: the browser sends no SameSite=Strict
    // cookie with that navigation, so its page cannot say who is signed in; the page asks.
    await page.goto(`data:text/html,<a href="${gatewayUrl}/admin">Admin</a>`);
    const navigation = page.waitForRequest((request) => new URL(request.url()).pathname === "/admin");
    await page.getByRole("link", { name: "Admin" }).click();
    const headers = await (await navigation).allHeaders();
    expect(headers["sec-fetch-site"]).toBe("cross-site");
    expect(headers.cookie ?? "").not.toContain("rsv_session");
    await page.getByRole("heading", { name: copy.dashboard.title }).waitFor();
    expect(asked).toEqual([200]);
    expect(await page.getByTestId("admin-login").count()).toBe(0);
    await context.close();
  });

  it("tells a browser without scripts, in both languages, that signing in needs them: its form cannot be sent", async () => {
    const context = await newContext(browser, { ...desktop, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/admin");
    await page.getByRole("heading", { name: copy.login.title }).waitFor();
    // Text matching passes <noscript> by, though this browser shows what is in it.
    const note = page.locator("[data-testid='admin-login'] noscript p");
    expect(await note.isVisible()).toBe(true);
    for (const lang of ["en", "es"] as const)
      expect(await note.locator(`[lang='${lang}']`).textContent()).toBe(adminCopy[lang].login.needsJavaScript);
    expect(await page.getByRole("button", { name: copy.login.submit }).isDisabled()).toBe(true);
    await context.close();
  });

  it("renders the sign-in form in the language the owner chose from the first byte, for a browser without scripts too", async () => {
    const { context, page } = await adminPage(browser);
    await page.goto("/admin");
    // Hydrated: only then can the form be sent, and the language be chosen.
    await page.getByRole("button", { name: copy.login.submit, disabled: false }).waitFor();
    await page.getByRole("button", { name: adminCopy.es.common.languages.es, exact: true }).click();
    await page.getByRole("heading", { name: adminCopy.es.login.title }).waitFor();
    const kept = (await context.cookies()).find((cookie) => cookie.name === "rsv_admin_lang");
    expect(kept).toMatchObject({ value: "es", path: "/admin", sameSite: "Lax", httpOnly: false });
    expect(kept!.expires * 1000 - Date.now()).toBeGreaterThan(364 * 86_400_000);

    // The server's own page, before any script runs: in Spanish.
    const served = new JSDOM(await (await page.goto("/admin"))!.text()).window.document;
    expect(served.documentElement.lang).toBe("es");
    expect(served.title).toContain(adminCopy.es.dashboard.title);
    expect(served.querySelector("[data-testid='admin-login'] h1")?.textContent).toBe(adminCopy.es.login.title);

    // A browser without scripts, with the same cookies, gets it as it is.
    const noScripts = await newContext(browser, { ...desktop, javaScriptEnabled: false });
    const plain = await noScripts.newPage();
    const lookLikeOwner = async () => {
      await noScripts.clearCookies();
      await noScripts.addCookies(await context.cookies());
      await plain.goto("/admin");
    };
    await lookLikeOwner();
    await plain.getByRole("heading", { name: adminCopy.es.login.title }).waitFor();
    expect(await plain.getByLabel(adminCopy.es.login.email).count()).toBe(1);
    expect(await plain.locator("[data-testid='admin-login'] noscript p").textContent()).toBe(
      adminCopy.es.login.needsJavaScript,
    );
    expect(await plain.locator("html").getAttribute("lang")).toBe("es");
    expect(await plain.title()).toContain(adminCopy.es.dashboard.title);

    // Back to English: the next page is English again, whatever the caches kept of the Spanish one.
    await page.getByRole("button", { name: adminCopy.es.login.submit, disabled: false }).waitFor();
    await page.getByRole("button", { name: adminCopy.en.common.languages.en, exact: true }).click();
    await page.getByRole("heading", { name: copy.login.title }).waitFor();
    await lookLikeOwner();
    await plain.getByRole("heading", { name: copy.login.title }).waitFor();
    expect(await plain.locator("html").getAttribute("lang")).toBe("en");
    await noScripts.close();
    await context.close();
  });

  it("draws clicks per day for the last 7 days in a chart", async () => {
    // A real click through the affiliate redirect, so the chart has something to show.
    const products = (await (await fetch(`${gatewayUrl}/api/products`)).json()) as Array<{ slug: string }>;
    // As a browser following the link sends it (fetch would say Sec-Fetch-Mode "cors", which is not counted).
    // In a visitor's context: a bare page says HeadlessChrome, which is rightly not counted as a person.
    const visitor = await newContext(browser);
    const page0 = await visitor.newPage();
    const redirected = page0.waitForEvent("response", (response) => response.url().includes("/go/"));
    // The retailer's site is not reachable from here; the click is made once the redirect is answered.
    await page0.goto(`${gatewayUrl}/go/${products[0]!.slug}`).catch(() => undefined);
    expect((await redirected).status()).toBe(302);
    await visitor.close();
    const { context, page } = await adminPage(browser);
    await signIn(page);
    await openTab(page, "analytics");
    const chart = page.getByTestId("clicks-chart");
    await chart.waitFor();
    expect(await chart.getAttribute("aria-label")).toBe(copy.analytics.chartLabel);
    const size = await chart.evaluate((canvas: HTMLCanvasElement) => ({ width: canvas.width, height: canvas.height }));
    expect(size.width).toBeGreaterThan(100);
    expect(await page.locator("table.sr-only tbody tr").count()).toBe(7);
    // The worker writes clicks in batches: revisit the tab (each visit refetches) until it has landed.
    await expect
      .poll(
        async () => {
          await openTab(page, "products");
          await openTab(page, "analytics");
          return Number(await page.getByTestId("total-clicks").textContent());
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toBeGreaterThan(0);
    const today = await page.locator("table.sr-only tbody tr").last().locator("td").last().textContent();
    expect(Number(today)).toBeGreaterThan(0);
    await context.close();
  });

  /** Opens every tab in turn: each shows its heading once its data is in, then is saved as a screenshot. */
  async function visitEveryTab(page: Page, label: string): Promise<void> {
    for (const tab of Object.keys(copy.dashboard.tabs) as Array<keyof typeof copy.dashboard.tabs>) {
      await openTab(page, tab);
      expect(
        await page.getByRole("tab", { name: copy.dashboard.tabs[tab], exact: true }).getAttribute("aria-selected"),
      ).toBe("true");
      await page.getByRole("tabpanel").getByRole("heading").first().waitFor();
      await page.waitForFunction(() => !document.querySelector("[data-testid$='-skeleton']"));
      await screenshotTab(page, `admin-${tab}-${label}`);
    }
  }

  it("signs in with a welcome, shows the tabs, stays signed in on reload and speaks Spanish too", async () => {
    const { context, page } = await adminPage(browser);
    await signIn(page);
    await waitForToast(page, copy.login.toast.success);
    expect(await page.locator("[data-testid='toast']").textContent()).toContain(copy.login.toast.successText);
    const tabs = await page.getByRole("tab").allTextContents();
    expect(tabs).toEqual(Object.values(copy.dashboard.tabs));
    await page.reload();
    await page.getByRole("heading", { name: copy.dashboard.title }).waitFor();
    await visitEveryTab(page, "1280");

    // The dashboard speaks Spanish too, and remembers the choice.
    await page.getByRole("button", { name: adminCopy.es.common.languages.es, exact: true }).click();
    await page.getByRole("tab", { name: adminCopy.es.dashboard.tabs.products }).click();
    await page.getByRole("heading", { name: adminCopy.es.products.title }).waitFor();
    await screenshotTab(page, "admin-products-es-1280");
    await page.reload();
    await page.getByRole("heading", { name: adminCopy.es.dashboard.title }).waitFor();
    expect(await page.getByRole("tab").allTextContents()).toEqual(Object.values(adminCopy.es.dashboard.tabs));
    await page.getByRole("button", { name: adminCopy.en.common.languages.en, exact: true }).click();
    await page.getByRole("heading", { name: copy.dashboard.title }).waitFor();
    await context.close();
  });

  it("keeps the tabs to one row on a phone, scrolling within itself, the open one in view", async () => {
    const { context, page } = await adminPage(browser, mobile);
    await signIn(page);
    const list = page.getByRole("tablist");
    // Eleven tabs in a grid took about 700 of a phone's 844 px, every tab's content below them.
    expect((await list.boundingBox())!.height).toBeLessThan(80);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // A bookmark of the last tab: the row is scrolled to it, no click needed to find it.
    await page.goto("/admin?tab=account");
    const open = page.getByRole("tab", { name: copy.dashboard.tabs.account, exact: true });
    await expect.poll(() => open.getAttribute("aria-selected")).toBe("true");
    await expect
      .poll(() =>
        open.evaluate((el) => el.getBoundingClientRect().left >= 0 && el.getBoundingClientRect().right <= innerWidth),
      )
      .toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await visitEveryTab(page, "390");
    await context.close();
  });

  it("keeps the open tab in the address, so a reload or a bookmark opens it again", async () => {
    const { context, page } = await adminPage(browser);
    await signIn(page);
    expect(new URL(page.url()).searchParams.get("tab")).toBeNull();
    await openTab(page, "products");
    await expect.poll(() => new URL(page.url()).searchParams.get("tab")).toBe("products");
    await page.reload();
    const products = page.getByRole("tab", { name: copy.dashboard.tabs.products, exact: true });
    await expect.poll(() => products.getAttribute("aria-selected")).toBe("true");

    await page.goto("/admin?tab=offers");
    const offers = page.getByRole("tab", { name: copy.dashboard.tabs.offers, exact: true });
    await expect.poll(() => offers.getAttribute("aria-selected")).toBe("true");
    // Back to the first tab: the bare address again.
    await openTab(page, "analytics");
    await expect.poll(() => new URL(page.url()).searchParams.get("tab")).toBeNull();
    // An address changed without a reload (the reports' range keeps its own steps) is followed.
    await page.evaluate(() => window.history.pushState(null, "", "/admin?tab=products"));
    await page.evaluate(() => window.dispatchEvent(new PopStateEvent("popstate")));
    await expect.poll(() => products.getAttribute("aria-selected")).toBe("true");
    await context.close();
  });

  it("logs out, revoking the session: the calls the dashboard made now answer 401", async () => {
    const { context, page } = await adminPage(browser);
    const adminUrls = new Set<string>();
    page.on("response", (response) => {
      const url = new URL(response.url());
      const admin = /^\/api\/(newsletter|images|analytics\/summary)$/.exec(url.pathname);
      if (response.request().method() === "GET" && response.status() === 200 && admin) adminUrls.add(url.pathname);
    });
    await signIn(page);
    await openTab(page, "newsletter");
    await page.getByRole("heading", { name: copy.newsletter.title }).waitFor();
    await openTab(page, "images");
    await page.getByRole("heading", { name: copy.images.title }).waitFor();
    await page.waitForLoadState("networkidle");
    const cookie = (await context.cookies()).find((item) => item.name === "rsv_session");
    expect(cookie?.httpOnly).toBe(true);

    await page.getByRole("button", { name: copy.dashboard.logout }).click();
    await waitForToast(page, copy.dashboard.toast.loggedOut);
    await page.getByRole("heading", { name: copy.login.title }).waitFor();

    expect([...adminUrls].sort()).toEqual(["/api/analytics/summary", "/api/images", "/api/newsletter"]);
    adminUrls.add("/api/auth/session");
    for (const path of adminUrls) {
      // The old cookie, replayed: the server revoked it, so nothing answers to it any more.
      const replay = await fetch(`${gatewayUrl}${path}`, { headers: { cookie: `rsv_session=${cookie?.value}` } });
      expect(replay.status, path).toBe(401);
      const fromPage = await page.evaluate(async (url) => (await fetch(url, { credentials: "include" })).status, path);
      expect(fromPage, path).toBe(401);
    }
    await context.close();
  });
});

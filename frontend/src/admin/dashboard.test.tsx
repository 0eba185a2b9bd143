// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { adminCopy } from "./admin-copy.js";
import { renderAdmin, resetAdminUi } from "./admin-render.testing.js";
import { adminTabs, useAdminUiStore } from "./admin.store.js";
import { Dashboard } from "./dashboard.js";

// jsdom has no canvas to draw the reports' charts on; the tabs are what is tested here.
vi.mock("./analytics/report-chart.js", () => ({ ReportChart: () => null }));
vi.mock("./analytics/clicks-chart.js", () => ({ ClicksChart: () => null }));

afterEach(() => {
  cleanup();
  resetAdminUi();
  vi.unstubAllGlobals();
});

const tabs = adminCopy.en.dashboard.tabs;

/** The dashboard loaded at `path`: the store starts on the tab it names, as a page load's does. */
function openDashboard(path = "/admin") {
  const named = new URLSearchParams(path.split("?")[1]).get("tab");
  useAdminUiStore.setState({ tab: adminTabs.find((tab) => tab === named) ?? "analytics" });
  return renderAdmin(<Dashboard email="owner@example.com" role="owner" />, { path });
}

describe("the dashboard's tabs on a phone", () => {
  it("are one row that scrolls sideways within itself below md, wrapping as before from md up", () => {
    openDashboard();
    // jsdom applies no style sheet: the classes that lay the row out.
    const classes = screen.getByRole("tablist").className.split(" ");
    expect(classes).toEqual(expect.arrayContaining(["flex", "overflow-x-auto", "md:flex-wrap", "md:overflow-visible"]));
    expect(classes.filter((name) => name.startsWith("grid"))).toEqual([]);
    for (const tab of screen.getAllByRole("tab")) {
      expect(tab.className.split(" ")).toEqual(expect.arrayContaining(["max-md:shrink-0", "max-md:whitespace-nowrap"]));
    }
  });

  it("bring the tab chosen to the middle of the row, moving the row and not the page", () => {
    vi.stubGlobal("matchMedia", (query: string) => ({ matches: false, media: query }));
    openDashboard();
    // A 390 px phone's row of eleven 100 px tabs, 10 px apart.
    const list = screen.getByRole("tablist");
    Object.defineProperties(list, {
      clientWidth: { value: 390 },
      scrollWidth: { value: 11 * 110 },
      scrollTo: { value: vi.fn() },
    });
    screen
      .getAllByRole("tab")
      .forEach((tab, index) =>
        Object.defineProperties(tab, { offsetLeft: { value: index * 110 }, offsetWidth: { value: 100 } }),
      );

    const analytics = screen.getByRole("tab", { name: tabs.analytics });
    analytics.focus();
    fireEvent.keyDown(analytics, { key: "End" });
    const account = screen.getByRole("tab", { name: tabs.account });
    expect(account.getAttribute("aria-selected")).toBe("true");
    expect(document.activeElement).toBe(account);
    expect(list.scrollTo).toHaveBeenLastCalledWith({ left: 10 * 110 - (390 - 100) / 2, behavior: "smooth" });

    fireEvent.click(screen.getByRole("tab", { name: tabs.offers }));
    expect(list.scrollTo).toHaveBeenLastCalledWith({ left: 2 * 110 - (390 - 100) / 2, behavior: "smooth" });
  });

  it("keep the arrow keys, Home and End, and one tab in the keyboard's order", () => {
    openDashboard();
    const first = screen.getByRole("tab", { name: tabs.analytics });
    first.focus();
    fireEvent.keyDown(first, { key: "ArrowLeft" });
    expect(document.activeElement).toBe(screen.getByRole("tab", { name: tabs.account }));
    fireEvent.keyDown(document.activeElement!, { key: "Home" });
    fireEvent.keyDown(document.activeElement!, { key: "ArrowRight" });
    const products = screen.getByRole("tab", { name: tabs.products });
    expect(document.activeElement).toBe(products);
    expect(products.getAttribute("aria-selected")).toBe("true");
    expect(screen.getAllByRole("tab").filter((tab) => tab.tabIndex === 0)).toEqual([products]);
    expect(screen.getAllByRole("tab")).toHaveLength(adminTabs.length);
  });
});

describe("the dashboard's address", () => {
  it("drops the reports' range and filters when another tab opens, keeping the tab", () => {
    const { address } = openDashboard("/admin?range=custom&from=2026-10-01&to=2026-10-31&source=google&device=desktop");
    fireEvent.click(screen.getByRole("tab", { name: tabs.pages }));
    expect(address.search).toBe("?tab=pages");
    // Back on Analytics, its default view.
    fireEvent.click(screen.getByRole("tab", { name: tabs.analytics }));
    expect(address.search).toBe("");
  });

  it("goes without them on another tab's address that came with them, keeping what else it had", () => {
    const { address } = openDashboard("/admin?tab=offers&range=30d&lang=es&utm=x");
    expect(screen.getByRole("tab", { name: tabs.offers }).getAttribute("aria-selected")).toBe("true");
    expect(address.search).toBe("?tab=offers&utm=x");
  });
});

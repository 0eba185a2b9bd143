import { useEffect, useRef, type KeyboardEvent } from "react";
import { useSearchParams } from "react-router-dom";
import { useAdminCopy } from "./admin-copy.js";
import type { AdminRole } from "@rsv/api/client";
import { AccountsTab } from "./accounts/accounts-tab.js";
import { tabsFor, useAdminUiStore, type AdminTab } from "./admin.store.js";
import { AccountTab } from "./account/account-tab.js";
import { AnalyticsTab } from "./analytics/analytics-tab.js";
import { withoutView } from "./analytics/report-view.js";
import { useLogout } from "./api/session.js";
import { ActivityTab } from "./audit/activity-tab.js";
import { PostsTab } from "./blog/posts-tab.js";
import { ImagePicker } from "./images/image-picker.js";
import { ImagesTab } from "./images/images-tab.js";
import { NewsletterTab } from "./newsletter/newsletter-tab.js";
import { OfferProblems } from "./offers/offer-problems.js";
import { OffersTab } from "./offers/offers-tab.js";
import { PagesTab } from "./pages/pages-tab.js";
import { ProductsTab } from "./products/products-tab.js";
import { SettingsTab } from "./settings/settings-tab.js";
import { ConfirmHost } from "./ui/confirm.js";
import { LanguageToggle } from "./ui/language-toggle.js";
import { scrollBehavior } from "./ui/motion.js";
import { TabBoundary } from "./ui/tab-boundary.js";
import { usePagesDraftGuard } from "./pages/pages-editor.store.js";

function TabPanel({ tab, email }: { tab: AdminTab; email: string }) {
  switch (tab) {
    case "analytics":
      return <AnalyticsTab />;
    case "products":
      return <ProductsTab />;
    case "offers":
      return <OffersTab />;
    case "blog":
      return <PostsTab />;
    case "pages":
      return <PagesTab />;
    case "newsletter":
      return <NewsletterTab />;
    case "images":
      return <ImagesTab />;
    case "settings":
      return <SettingsTab />;
    case "accounts":
      return <AccountsTab />;
    case "audit":
      return <ActivityTab />;
    case "account":
      return <AccountTab email={email} />;
  }
}

export function Dashboard({ email, role }: { email: string; role: AdminRole }) {
  const { t } = useAdminCopy();
  const adminTabs = tabsFor(role);
  const { tab: chosen, setTab } = useAdminUiStore();
  // A tab chosen before the role changed (an owner who stepped down) gives way to the first one.
  const tab = adminTabs.includes(chosen) ? chosen : adminTabs[0]!;
  const tabRefs = useRef<Partial<Record<AdminTab, HTMLButtonElement | null>>>({});
  const logout = useLogout();
  usePagesDraftGuard();

  // The open tab is in the address (Analytics, the first, is the bare /admin): a reload, a bookmark or a
  // link sent to another owner opens it. Replaced, not pushed: Back leaves the dashboard as before.
  // An address that changes without a reload (Back over the reports' own steps, a link) is followed.
  // The reports' range and filters are Analytics' alone: another tab's address goes without them.
  const [search, setSearch] = useSearchParams();
  const named = adminTabs.find((candidate) => candidate === search.get("tab")) ?? "analytics";
  const seen = useRef({ tab, named });
  useEffect(() => {
    const before = seen.current;
    seen.current = { tab, named };
    if (named !== tab && named !== before.named && adminTabs.includes(named)) return setTab(named);
    const next = tab === "analytics" ? new URLSearchParams(search) : withoutView(search);
    if (tab === "analytics") next.delete("tab");
    else next.set("tab", tab);
    if (next.toString() !== search.toString()) setSearch(next, { replace: true });
  }, [tab, named, search, setSearch, setTab, adminTabs]);

  // Below md the tabs are one row that scrolls sideways within itself: the open one is brought to its
  // middle (after a tap on a half-hidden tab, the arrow keys, a reload on ?tab=account), moving the row
  // alone, never the page. At once the first time, the page just drawn.
  const tabList = useRef<HTMLDivElement>(null);
  const tabListPlaced = useRef(false);
  useEffect(() => {
    const list = tabList.current;
    const open = tabRefs.current[tab];
    const first = !tabListPlaced.current;
    tabListPlaced.current = true;
    if (!list || !open || list.scrollWidth <= list.clientWidth) return;
    list.scrollTo({
      left: open.offsetLeft - (list.clientWidth - open.offsetWidth) / 2,
      behavior: first ? "instant" : scrollBehavior(),
    });
  }, [tab]);

  const heading = useRef<HTMLHeadingElement>(null);
  // Signing in replaces the form, and the focus with it: the keyboard starts again at the dashboard's title.
  useEffect(() => {
    if (document.activeElement === document.body || document.activeElement === null) heading.current?.focus();
  }, []);

  function onTabKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = adminTabs.indexOf(tab);
    const next =
      event.key === "ArrowRight"
        ? adminTabs[(index + 1) % adminTabs.length]
        : event.key === "ArrowLeft"
          ? adminTabs[(index - 1 + adminTabs.length) % adminTabs.length]
          : event.key === "Home"
            ? adminTabs[0]
            : event.key === "End"
              ? adminTabs[adminTabs.length - 1]
              : null;
    if (!next) return;
    event.preventDefault();
    setTab(next);
    tabRefs.current[next]?.focus();
  }

  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="container-page flex min-h-16 flex-wrap items-center justify-between gap-3 py-2">
          <h1 ref={heading} tabIndex={-1} className="text-lg font-bold text-slate-900 focus:outline-none">
            {t("dashboard.title")}
          </h1>
          <div className="flex items-center gap-3">
            <span className="hidden text-sm text-slate-600 md:inline">
              {t("dashboard.signedInAsRole", { email, role: t(`accounts.roles.${role}`) })}
            </span>
            <LanguageToggle />
            <button
              type="button"
              onClick={() => logout.mutate()}
              disabled={logout.isPending}
              className="btn-outline py-2"
              data-testid="admin-logout"
            >
              {t("dashboard.logout")}
            </button>
          </div>
        </div>
      </header>
      <main className="container-page py-6 sm:py-8">
        <OfferProblems />
        {/* Below md one row scrolling sideways, from edge to edge of the screen (a tab cut by the edge says
            there are more): eleven tabs in a grid took most of a phone's screen, every tab's content
            below it. The row's own padding keeps a focused tab's outline from being clipped. */}
        <div
          ref={tabList}
          role="tablist"
          aria-label={t("dashboard.tabsLabel")}
          className="relative -mx-4 flex gap-2 overflow-x-auto px-4 py-1.5 [scrollbar-width:thin] sm:-mx-6 sm:px-6 md:mx-0 md:flex-wrap md:overflow-visible md:p-0"
          onKeyDown={onTabKeyDown}
        >
          {adminTabs.map((id) => (
            <button
              key={id}
              ref={(element) => {
                tabRefs.current[id] = element;
              }}
              type="button"
              role="tab"
              id={`admin-tab-${id}`}
              aria-selected={tab === id}
              aria-controls={`admin-panel-${id}`}
              tabIndex={tab === id ? 0 : -1}
              onClick={() => setTab(id)}
              className={`rounded-lg px-4 py-2 text-center text-sm font-medium max-md:min-h-11 max-md:shrink-0 max-md:whitespace-nowrap ${tab === id ? "bg-wine-700 text-white" : "bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-slate-100"}`}
            >
              {t(`dashboard.tabs.${id}`)}
            </button>
          ))}
        </div>
        <section
          id={`admin-panel-${tab}`}
          role="tabpanel"
          aria-labelledby={`admin-tab-${tab}`}
          className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 sm:p-8"
        >
          <TabBoundary key={tab}>
            <TabPanel tab={tab} email={email} />
          </TabBoundary>
        </section>
      </main>
      <ImagePicker />
      <ConfirmHost />
    </div>
  );
}

import { useEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type MouseEvent } from "react";
import { Link, NavLink, useLocation } from "react-router-dom";
import { useSiteIdentity } from "../../api/use-site-settings.js";
import { useCopy } from "../../i18n/use-lang.js";
import { healthGuideKeys, homePath, routePath, type Lang, type RouteKey } from "../../routes.js";
import { useMobileMenuStore } from "../../stores/ui.store.js";
import { LanguageSwitcher } from "./language-switcher.js";

export const topProductsAnchor = "top-products";

const mainLinks = ["whatIsResveratrol", "comparison", "blog", "faq"] as const satisfies readonly RouteKey[];
const navLabel: Record<(typeof mainLinks)[number], string> = {
  whatIsResveratrol: "nav.whatIsResveratrol",
  comparison: "nav.comparison",
  blog: "nav.blog",
  faq: "nav.faq",
};

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-2 py-2 text-sm font-medium whitespace-nowrap ${isActive ? "text-wine-800 bg-wine-50" : "text-slate-700 hover:text-wine-800 hover:bg-slate-50"}`;

/** The main pages, in the desktop bar and the mobile menu alike; Home first where asked. */
function MainLinks({ lang, withHome }: { lang: Lang; withHome: boolean }) {
  const { t } = useCopy();
  return (
    <>
      {withHome && (
        <NavLink to={homePath(lang)} end className={linkClass}>
          {t("nav.home")}
        </NavLink>
      )}
      {mainLinks.map((key) => (
        <NavLink key={key} to={routePath(key, lang)} className={linkClass}>
          {t(navLabel[key])}
        </NavLink>
      ))}
    </>
  );
}

/** On the home page the link scrolls; elsewhere it navigates and the hash scrolls after render. */
function scrollToTopProducts(event: MouseEvent<HTMLAnchorElement>, onHome: boolean) {
  if (!onHome) return;
  const target = document.getElementById(topProductsAnchor);
  if (!target) return;
  event.preventDefault();
  target.scrollIntoView({ behavior: "smooth", block: "start" });
  target.focus({ preventScroll: true });
  history.replaceState(history.state, "", `#${topProductsAnchor}`);
}

function HealthGuidesDropdown({ lang }: { lang: Lang }) {
  const { t } = useCopy();
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  // Remembering the page it was opened on closes the menu when the visitor navigates away.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (next: boolean | ((current: boolean) => boolean)) =>
    setOpenOn((current) => ((typeof next === "function" ? next(current === pathname) : next) ? pathname : null));
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpenOn(null);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  function onKeyDown(event: ReactKeyboardEvent<HTMLDivElement>) {
    if (event.key === "Escape" && open) {
      setOpen(false);
      button.current?.focus();
    }
    if (event.key === "ArrowDown") {
      event.preventDefault();
      if (!open) setOpen(true);
      const links = [...(container.current?.querySelectorAll<HTMLAnchorElement>("ul a") ?? [])];
      const index = links.indexOf(document.activeElement as HTMLAnchorElement);
      requestAnimationFrame(() => links[Math.min(index + 1, links.length - 1)]?.focus());
    }
    if (event.key === "ArrowUp" && open) {
      event.preventDefault();
      const links = [...(container.current?.querySelectorAll<HTMLAnchorElement>("ul a") ?? [])];
      const index = links.indexOf(document.activeElement as HTMLAnchorElement);
      if (index <= 0) button.current?.focus();
      else links[index - 1]?.focus();
    }
  }

  return (
    <div
      ref={container}
      className="relative"
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (!container.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls="health-guides-menu"
        onClick={() => setOpen((value) => !value)}
        className="flex items-center gap-1 rounded-md px-2 py-2 text-sm font-medium whitespace-nowrap text-slate-700 hover:bg-slate-50 hover:text-wine-800"
      >
        {t("nav.healthGuides")}
        <svg
          viewBox="0 0 20 20"
          className={`h-4 w-4 transition-transform ${open ? "rotate-180" : ""}`}
          aria-hidden="true"
        >
          <path d="M5 7l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
      <ul
        id="health-guides-menu"
        hidden={!open}
        className="absolute left-0 z-40 mt-2 w-72 rounded-xl border border-slate-200 bg-white p-2 shadow-lg"
      >
        {healthGuideKeys.map((key) => (
          <li key={key}>
            <Link
              to={routePath(key, lang)}
              className="block rounded-md px-3 py-2 text-sm text-slate-700 hover:bg-wine-50 hover:text-wine-800"
            >
              {t(`routes.${key}`)}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

function SiteBrand({ lang }: { lang: Lang }) {
  const { t } = useCopy();
  const { siteName, logoUrl } = useSiteIdentity();
  return (
    <Link
      to={homePath(lang)}
      className="flex max-w-[15rem] min-w-0 items-center gap-2 text-lg leading-tight font-bold text-wine-900 xl:max-w-none xl:text-sm"
    >
      {logoUrl ? (
        <img src={logoUrl} alt={t("nav.logoAlt", { siteName })} className="h-9 w-auto max-w-[180px] object-contain" />
      ) : (
        <>
          <span
            aria-hidden="true"
            className="grid h-8 w-8 shrink-0 place-items-center rounded-lg bg-gradient-to-br from-wine-500 to-wine-900 text-white"
          >
            R
          </span>
          {/* Beside the desktop menu the name takes the room the menu leaves, wrapping only when it must. */}
          <span>{siteName}</span>
        </>
      )}
    </Link>
  );
}

export function Navigation() {
  const { t, lang } = useCopy();
  const { pathname } = useLocation();
  const { open, toggle, close } = useMobileMenuStore();
  const onHome = pathname === homePath(lang);
  const topProductsHref = `${homePath(lang)}#${topProductsAnchor}`;

  const menuButton = useRef<HTMLButtonElement>(null);

  useEffect(() => close(), [pathname, close]);
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      close();
      menuButton.current?.focus();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [open, close]);

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="container-page flex h-16 items-center justify-between gap-4">
        <SiteBrand lang={lang} />
        <nav aria-label={t("nav.label")} className="hidden items-center gap-0.5 xl:flex">
          {/* The page's width stops growing at the container's, where the bar has no room for a Home link:
              the logo links home. */}
          <MainLinks lang={lang} withHome={false} />
          <HealthGuidesDropdown lang={lang} />
          <Link
            to={topProductsHref}
            onClick={(event) => scrollToTopProducts(event, onHome)}
            className="btn-primary ml-1 px-3.5 py-2 whitespace-nowrap"
          >
            {t("nav.topProducts")}
          </Link>
          <LanguageSwitcher className="ml-1" compact />
        </nav>
        {/* Without JavaScript the button can do nothing: this link, shown then instead of it (the no-script
            rule in entry-server.tsx), opens the menu as its target. */}
        <a id="menu-link" href="#mobile-menu" className="hidden rounded-md p-2 text-slate-700 hover:bg-slate-100">
          <span className="sr-only">{t("nav.openMenu")}</span>
          <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true">
            <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" />
          </svg>
        </a>
        <button
          ref={menuButton}
          id="menu-button"
          type="button"
          className="rounded-md p-2 text-slate-700 hover:bg-slate-100 xl:hidden"
          aria-expanded={open}
          aria-controls="mobile-menu"
          onClick={toggle}
        >
          <span className="sr-only">{open ? t("nav.closeMenu") : t("nav.openMenu")}</span>
          <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true">
            {open ? (
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" />
            ) : (
              <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" />
            )}
          </svg>
        </button>
      </div>
      <nav
        id="mobile-menu"
        aria-label={t("nav.mobileLabel")}
        hidden={!open}
        className="border-t border-slate-200 bg-white xl:hidden"
      >
        <div className="container-page flex flex-col gap-1 py-3">
          <MainLinks lang={lang} withHome />
          <p className="px-3 pt-3 text-xs font-semibold tracking-wide text-slate-500 uppercase">
            {t("nav.healthGuides")}
          </p>
          {healthGuideKeys.map((key) => (
            <NavLink key={key} to={routePath(key, lang)} className={linkClass}>
              {t(`routes.${key}`)}
            </NavLink>
          ))}
          <Link
            to={topProductsHref}
            onClick={(event) => {
              close();
              scrollToTopProducts(event, onHome);
            }}
            className="btn-primary mt-2"
          >
            {t("nav.topProducts")}
          </Link>
          <LanguageSwitcher className="mt-2 justify-center" />
        </div>
      </nav>
    </header>
  );
}

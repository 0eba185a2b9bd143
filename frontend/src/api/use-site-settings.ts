import { useQuery } from "@tanstack/react-query";
import { useCopy } from "../i18n/use-lang.js";
import { defaultFavicon } from "../assets/default-favicon.js";
import { useApi } from "./api-context.js";
import { siteSettingsQuery } from "./queries.js";

export interface SiteIdentity {
  siteName: string;
  logoUrl: string | null;
  faviconUrl: string;
  /** The owner's description of the site in the visitor's language; null until written in it. */
  description: string | null;
}

/** What the site promises on the visitor's language's pages, as the owner wrote it (nothing until then). */
export interface SiteClaims {
  trustBadges: string[];
  popupPerks: string[];
  affiliateDisclosure: string | null;
}

export function useSiteClaims(): SiteClaims {
  const api = useApi();
  const { lang } = useCopy();
  const { data } = useQuery(siteSettingsQuery(api));
  return {
    trustBadges: data?.trustBadges[lang] ?? [],
    popupPerks: data?.popupPerks[lang] ?? [],
    affiliateDisclosure: data?.affiliateDisclosure[lang] ?? null,
  };
}

export function useSiteIdentity(): SiteIdentity {
  const api = useApi();
  const { t, lang } = useCopy();
  const { data } = useQuery(siteSettingsQuery(api));
  return {
    siteName: data?.siteName?.trim() || t("siteNameDefault"),
    logoUrl: data?.logoUrl || null,
    faviconUrl: data?.faviconUrl || defaultFavicon,
    description: data?.description[lang]?.trim() || null,
  };
}

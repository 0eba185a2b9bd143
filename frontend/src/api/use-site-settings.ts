import { useQuery } from "@tanstack/react-query";
import { useCopy } from "../i18n/use-lang.js";
import defaultFavicon from "../assets/favicon.svg";
import { useApi } from "./api-context.js";
import { siteSettingsQuery } from "./queries.js";

export interface SiteIdentity {
  siteName: string;
  logoUrl: string | null;
  faviconUrl: string;
}

export function useSiteIdentity(): SiteIdentity {
  const api = useApi();
  const { t } = useCopy();
  const { data } = useQuery(siteSettingsQuery(api));
  return {
    siteName: data?.siteName?.trim() || t("siteNameDefault"),
    logoUrl: data?.logoUrl || null,
    faviconUrl: data?.faviconUrl || defaultFavicon,
  };
}

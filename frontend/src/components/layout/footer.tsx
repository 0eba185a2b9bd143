import { Link } from "react-router-dom";
import { useSiteClaims, useSiteIdentity } from "../../api/use-site-settings.js";
import { useCopy } from "../../i18n/use-lang.js";
import { ClaimList } from "../ui/claim-list.js";
import { homePath, legalPageKeys, routePath, type RouteKey } from "../../routes.js";

const exploreKeys = ["comparison", "review", "blog", "faq", "whatIsResveratrol"] as const satisfies readonly RouteKey[];
const guideKeys = [
  "davidSinclairProtocol",
  "longevityGuide",
  "nadBoostGuide",
  "resveratrolVsSupplements",
  "beginnersGuide",
  "antioxidantComparison",
  "eyeHealthGuide",
  "skinHealthGuide",
  "athleticPerformanceGuide",
  "bestForAthletes",
  "bestForEyeHealth",
] as const satisfies readonly RouteKey[];

function FooterColumn({ title, keys }: { title: string; keys: readonly RouteKey[] }) {
  const { t, lang } = useCopy();
  return (
    <div>
      <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{title}</h2>
      <ul className="mt-3 space-y-2">
        {keys.map((key) => (
          <li key={key}>
            <Link to={routePath(key, lang)} className="text-sm text-wine-100 hover:text-white hover:underline">
              {t(`routes.${key}`)}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Footer() {
  const { t, lang } = useCopy();
  const { siteName } = useSiteIdentity();
  const { trustBadges } = useSiteClaims();
  const year = new Date().getUTCFullYear();
  return (
    <footer className="bg-wine-950 text-wine-100">
      <div className="container-page grid gap-10 py-12 md:grid-cols-2 lg:grid-cols-4">
        <div>
          <Link to={homePath(lang)} className="text-lg font-bold text-white">
            {siteName}
          </Link>
          <p className="mt-3 text-sm leading-relaxed">{t("footer.about")}</p>
          <ClaimList
            claims={trustBadges}
            className="mt-4 space-y-1 text-sm"
            tickClassName="text-emerald-300"
            testId="trust-badges"
          />
        </div>
        <FooterColumn title={t("footer.explore")} keys={exploreKeys} />
        <FooterColumn title={t("footer.guides")} keys={guideKeys} />
        <FooterColumn title={t("footer.legal")} keys={legalPageKeys} />
      </div>
      <div className="border-t border-wine-900">
        {/* Room on the right for the chat button, which stays over the page's last line. */}
        <p className="container-page py-5 text-xs text-wine-200">
          <span className="block pr-16">{t("footer.copyright", { year, siteName })}</span>
        </p>
      </div>
    </footer>
  );
}

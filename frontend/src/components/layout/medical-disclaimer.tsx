import { Link } from "react-router-dom";
import { useSiteClaims } from "../../api/use-site-settings.js";
import { useCopy } from "../../i18n/use-lang.js";
import { routePath } from "../../routes.js";

/** The health notice at the foot of every page, and the affiliate disclosure: the owner's sentence once written. */
export function MedicalDisclaimer() {
  const { t, lang } = useCopy();
  const { affiliateDisclosure } = useSiteClaims();
  return (
    <aside
      aria-labelledby="medical-disclaimer-title"
      className="border-t border-amber-200 bg-amber-50"
      data-testid="medical-disclaimer"
    >
      <div className="container-page py-6 text-sm text-amber-950">
        <h2 id="medical-disclaimer-title" className="font-semibold">
          {t("disclaimer.title")}
        </h2>
        <p className="mt-1">{t("disclaimer.text")}</p>
        <p className="mt-2">
          <span data-testid="footer-affiliate-disclosure">{affiliateDisclosure ?? t("disclaimer.affiliate")}</span>{" "}
          <Link to={routePath("affiliateDisclosure", lang)} className="font-medium underline hover:text-amber-800">
            {t("disclaimer.affiliateLink")}
          </Link>
        </p>
      </div>
    </aside>
  );
}

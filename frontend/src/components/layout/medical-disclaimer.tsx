import { Link } from "react-router-dom";
import { useCopy } from "../../i18n/use-lang.js";
import { routePath } from "../../routes.js";

export function MedicalDisclaimer() {
  const { t, lang } = useCopy();
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
          {t("disclaimer.affiliate")}{" "}
          <Link to={routePath("affiliateDisclosure", lang)} className="font-medium underline hover:text-amber-800">
            {t("disclaimer.affiliateLink")}
          </Link>
        </p>
      </div>
    </aside>
  );
}

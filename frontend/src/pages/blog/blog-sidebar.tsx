import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { useApi } from "../../api/api-context.js";
import { productsQuery, type ListedProduct } from "../../api/queries.js";
import { AffiliateLink } from "../../components/product/affiliate-link.js";
import { useVisitorOffers } from "../../components/product/buy-link.js";
import { useCopy } from "../../i18n/use-lang.js";
import { routePath } from "../../routes.js";

/** The promoted product's buy link, when a retailer in the visitor's market has it. */
function PromotedBuyLink({ product }: { product: ListedProduct }) {
  const { t } = useCopy("blog");
  if (!useVisitorOffers(product).best) return null;
  return (
    <AffiliateLink slug={product.slug} className="btn bg-white text-emerald-900 hover:bg-emerald-50">
      {t("promo.buy")}
    </AffiliateLink>
  );
}

/** The blog's promotion of the top-ranked product. */
export function TopProductPromotion() {
  const { t, lang } = useCopy("blog");
  const api = useApi();
  const { data } = useQuery(productsQuery(api, lang));
  const top = data?.[0];
  return (
    <section
      aria-labelledby="promo-title"
      className="rounded-3xl bg-gradient-to-br from-emerald-600 to-emerald-800 p-8 text-white"
      data-testid="promotion"
    >
      <h2 id="promo-title" className="text-2xl font-bold">
        {t("promo.title")}
      </h2>
      <p className="mt-2 text-emerald-50">
        {top ? t("promo.text", { name: top.name, brand: top.brand }) : t("promo.fallbackText")}
      </p>
      <div className="mt-5 flex flex-wrap gap-3">
        {top && <PromotedBuyLink product={top} />}
        <Link to={routePath("comparison", lang)} className="btn border border-white/60 text-white hover:bg-white/10">
          {t("promo.compare")}
        </Link>
      </div>
    </section>
  );
}

export function AboutResearch() {
  const { t } = useCopy("blog");
  return (
    <section aria-labelledby="about-title" className="rounded-3xl border border-slate-200 bg-white p-8">
      <h2 id="about-title" className="text-xl font-bold text-slate-900">
        {t("about.title")}
      </h2>
      <p className="mt-2 text-slate-600">{t("about.text")}</p>
    </section>
  );
}

import { PRICE_BOUNDS, priceRanges, sortProducts } from "@rsv/api/product-rules";
import { useQuery } from "@tanstack/react-query";
import type { ChangeEvent, FormEvent } from "react";
import { Link, useLocation, useNavigate } from "react-router-dom";
import { useApi } from "../../api/api-context.js";
import { useVisitorCountry } from "../../api/visitor-context.js";
import { comparisonQuery, facetsQuery, type ComparedProduct, type ProductFacets } from "../../api/queries.js";
import { InPlacement } from "../../components/product/affiliate-link.js";
import { BuyLink, OfferPrice, ProductFlags } from "../../components/product/buy-link.js";
import { ProductCard } from "../../components/product/product-card.js";
import { ProductImage } from "../../components/product/product-image.js";
import { PageFrame, routeAlternates } from "../../components/layout/page-frame.js";
import { CardSkeleton, LoadingStatus, Skeleton } from "../../components/ui/skeleton.js";
import { StarRating } from "../../components/ui/star-rating.js";
import { useCopy } from "../../i18n/use-lang.js";
import {
  activeFilterCount,
  clearFilters,
  filterGroups,
  filtersOf,
  parseComparisonQuery,
  serializeComparisonQuery,
  sortOptions,
  toggleFilter,
  withSort,
  type ComparisonQuery,
  type FilterGroup,
} from "../../lib/comparison-query.js";
import { productDetailsPath, reviewPath, routePath } from "../../routes.js";
import { useOrigin } from "../../seo/page-head.js";
import { productListJsonLd } from "../../seo/structured-data.js";
import { useFilterPanelStore } from "../../stores/ui.store.js";
import type { Prefetch } from "../page-context.js";
import { useOriginLabel } from "../../lib/vocabulary.js";
import { formatWholePrice } from "../../lib/format.js";

export const prefetch: Prefetch = async (queryClient, { api, match, search, country }) => {
  const query = parseComparisonQuery(search);
  await Promise.all([
    queryClient.prefetchQuery(comparisonQuery(api, match.lang, query, country)),
    queryClient.prefetchQuery(facetsQuery(api, filtersOf(query), country)),
  ]);
};

/** The top three of the current selection, in ranking order. */
function topThree(products: ComparedProduct[]): ComparedProduct[] {
  return sortProducts(products, "placement").slice(0, 3);
}

interface FacetOption {
  value: string;
  count: number | null;
}

/** The catalogue's facet values, plus any value in the URL that no longer has products, so it can be unticked. */
function optionsFor(group: FilterGroup, facets: ProductFacets | undefined, query: ComparisonQuery): FacetOption[] {
  const fromCatalogue: FacetOption[] = (facets?.[group] ?? []).map((facet) => ({
    value: String(facet.value),
    count: facet.count,
  }));
  const selected: string[] = query[group];
  const missing = selected
    .filter((value) => !fromCatalogue.some((option) => option.value === value))
    .map((value) => ({ value, count: 0 }));
  const options = [...fromCatalogue, ...missing];
  if (group === "price") {
    return options.sort((a, b) => priceRanges.indexOf(a.value as never) - priceRanges.indexOf(b.value as never));
  }
  return options;
}

function FilterPanel({
  query,
  facets,
  onToggle,
}: {
  query: ComparisonQuery;
  facets: ProductFacets | undefined;
  onToggle: (group: FilterGroup, value: string) => void;
}) {
  const { t, lang } = useCopy("comparison");
  const { open, setOpen } = useFilterPanelStore();
  const count = activeFilterCount(query);
  const originLabel = useOriginLabel();
  // Price ranges in the currency the catalog read them in for this visitor (its facets say which).
  const bound = (amount: number) => formatWholePrice(amount, facets?.currency ?? "USD", lang);
  const label = (group: FilterGroup, value: string) =>
    group === "price"
      ? t(`filters.priceValues.${value}`, {
          defaultValue: value,
          from: bound(value === "over-35" ? PRICE_BOUNDS.high : PRICE_BOUNDS.low),
          to: bound(value === "under-25" ? PRICE_BOUNDS.low : PRICE_BOUNDS.high),
        })
      : group === "source"
        ? originLabel(value)
        : value;
  return (
    <details
      open={open}
      onToggle={(event) => setOpen((event.currentTarget as HTMLDetailsElement).open)}
      className="rounded-2xl border border-slate-200 bg-white"
      data-testid="filter-panel"
    >
      <summary className="flex cursor-pointer list-none items-center gap-3 px-5 py-4 font-semibold text-slate-900 [&::-webkit-details-marker]:hidden">
        <svg viewBox="0 0 20 20" className="h-5 w-5 text-wine-700" aria-hidden="true">
          <path d="M3 5h14M6 10h8M8 15h4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        {t("filters.toggle")}
        {count > 0 && (
          <span
            className="rounded-full bg-wine-700 px-2.5 py-0.5 text-xs font-bold text-white"
            data-testid="filter-count"
          >
            {t("filters.activeCount", { count })}
          </span>
        )}
        <svg
          viewBox="0 0 20 20"
          className={`ml-auto h-4 w-4 transition-transform ${open ? "rotate-180" : ""}`}
          aria-hidden="true"
        >
          <path d="M5 7l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </summary>
      <div className="border-t border-slate-200 px-5 py-5">
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {filterGroups.map((group) => (
            <fieldset key={group} data-testid={`filter-group-${group}`}>
              <legend className="text-sm font-semibold text-slate-900">{t(`filters.${group}`)}</legend>
              <ul className="mt-2 space-y-1.5">
                {optionsFor(group, facets, query).map((option) => {
                  const checked = (query[group] as string[]).includes(option.value);
                  return (
                    <li key={option.value}>
                      <label className="flex cursor-pointer items-center gap-2 text-sm text-slate-700">
                        {/* Uncontrolled, keyed on the URL state: the box flips at once while the URL update renders. */}
                        <input
                          key={`${option.value}:${checked}`}
                          type="checkbox"
                          name={group}
                          value={option.value}
                          defaultChecked={checked}
                          onChange={() => onToggle(group, option.value)}
                          className="h-4 w-4 rounded border-slate-300 accent-wine-700"
                        />
                        {option.count === null
                          ? label(group, option.value)
                          : t("filters.optionCount", { value: label(group, option.value), count: option.count })}
                      </label>
                    </li>
                  );
                })}
              </ul>
            </fieldset>
          ))}
        </div>
        <button type="submit" className="btn-primary mt-6" data-testid="apply-filters">
          {t("filters.apply")}
        </button>
      </div>
    </details>
  );
}

const TABLE_COLUMNS = ["rank", "product", "potency", "source", "price", "rating", "action"] as const;

function ComparisonTable({ products }: { products: ComparedProduct[] }) {
  const originLabel = useOriginLabel();
  const { t, lang } = useCopy("comparison");
  const common = useCopy().t;
  // On a phone each row stacks into a card (price, rating and the buy button in view, no sideways
  // scrolling), each figure under its column's name; from md up it is the table.
  const cell = "block md:table-cell md:px-4 md:py-3";
  const mobileLabel = (column: (typeof TABLE_COLUMNS)[number]) => (
    <span className="block text-xs text-slate-500 md:hidden">{t(`table.${column}`)}</span>
  );
  return (
    <InPlacement value="comparison-table">
      <div className="relative rounded-2xl border border-slate-200 bg-white md:overflow-x-auto">
        <table className="block w-full text-left text-sm md:table md:min-w-[760px]" data-testid="comparison-table">
          <caption className="sr-only">{t("table.caption")}</caption>
          <thead className="hidden bg-slate-50 text-xs tracking-wide text-slate-600 uppercase md:table-header-group">
            <tr>
              {TABLE_COLUMNS.map((column) => (
                <th key={column} scope="col" className="px-4 py-3">
                  {t(`table.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="block divide-y divide-slate-100 md:table-row-group">
            {products.map((product, index) => (
              <tr
                key={product.id}
                data-testid="comparison-row"
                data-slug={product.slug}
                className="grid grid-cols-2 gap-x-4 gap-y-3 p-4 hover:bg-wine-50/40 md:table-row md:p-0"
              >
                <td className={`${cell} text-lg font-bold text-wine-800`}>#{index + 1}</td>
                <th scope="row" className={`${cell} col-span-2 font-normal md:col-span-1`}>
                  <div className="flex items-center gap-3">
                    <ProductImage
                      src={product.imageUrl}
                      alt=""
                      className="h-12 w-12 shrink-0 rounded-lg"
                      sizes="48px"
                      width={48}
                      height={48}
                      maxWidth={160}
                    />
                    <div>
                      <Link
                        to={reviewPath(product.slug, lang)}
                        className="font-semibold text-slate-900 hover:text-wine-800"
                        data-testid="row-name"
                      >
                        {product.name}
                      </Link>
                      <p className="text-xs text-slate-500">{product.brand}</p>
                      <ProductFlags product={product} className="mt-1" />
                    </div>
                  </div>
                </th>
                <td className={cell}>
                  {mobileLabel("potency")}
                  {product.potency ?? common("product.notAvailable")}
                </td>
                <td className={cell} data-testid="row-source">
                  {mobileLabel("source")}
                  {product.source ? originLabel(product.source) : common("product.notAvailable")}
                </td>
                <td className={`${cell} font-semibold text-slate-900`}>
                  {mobileLabel("price")}
                  <OfferPrice product={product} testId="row-price" />
                </td>
                <td className={cell}>
                  {mobileLabel("rating")}
                  <StarRating rating={product.rating} showValue />
                </td>
                <td className={`${cell} col-span-2 md:col-span-1`}>
                  <div className="flex flex-wrap items-center gap-2">
                    <BuyLink product={product} className="btn-buy px-3 py-2" noOfferClassName="max-w-48 text-xs">
                      {common("product.buyNow")}
                    </BuyLink>
                    <Link
                      to={`${productDetailsPath(product.id)}${lang === "es" ? "?lang=es" : ""}`}
                      className="btn-outline px-3 py-2"
                    >
                      {common("product.details")}
                    </Link>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </InPlacement>
  );
}

function TopThreeCallToAction({ products }: { products: ComparedProduct[] }) {
  const { t, lang } = useCopy("comparison");
  const common = useCopy().t;
  if (products.length === 0) return null;
  return (
    <InPlacement value="comparison-card">
      <section
        aria-labelledby="top-three-title"
        className="mt-16 rounded-3xl bg-gradient-to-br from-wine-800 to-wine-950 p-8 text-white"
        data-testid="top-three"
      >
        <h2 id="top-three-title" className="text-2xl font-bold">
          {t("cta.title")}
        </h2>
        <p className="mt-2 text-wine-100">{t("cta.text")}</p>
        <ol className="mt-6 grid gap-4 md:grid-cols-3">
          {products.map((product, index) => (
            <li key={product.id} className="flex flex-col rounded-2xl bg-white/10 p-5 ring-1 ring-white/20">
              <span className="text-sm font-bold text-emerald-300">{t("cta.rank", { rank: index + 1 })}</span>
              <Link to={reviewPath(product.slug, lang)} className="mt-1 text-lg font-semibold hover:underline">
                {product.name}
              </Link>
              <span className="text-sm text-wine-100">{product.brand}</span>
              <OfferPrice product={product} className="mt-2 text-xl font-bold" />
              <BuyLink
                product={product}
                className="btn mt-auto bg-white text-wine-900 hover:bg-wine-50"
                noOfferClassName="mt-auto"
              >
                {common("product.buyNow")}
              </BuyLink>
            </li>
          ))}
        </ol>
      </section>
    </InPlacement>
  );
}

export function ComparisonPage() {
  const { t, lang } = useCopy("comparison");
  const common = useCopy().t;
  const api = useApi();
  const origin = useOrigin();
  const navigate = useNavigate();
  const { search } = useLocation();
  const query = parseComparisonQuery(search);
  const path = routePath("comparison", lang);
  const country = useVisitorCountry();
  const { data: products, isPending } = useQuery(comparisonQuery(api, lang, query, country));
  const { data: facets } = useQuery(facetsQuery(api, filtersOf(query), country));
  const list = products ?? [];
  const filterCount = activeFilterCount(query);

  const go = (next: ComparisonQuery) => {
    const queryString = serializeComparisonQuery(next);
    void navigate(`${path}${queryString ? `?${queryString}` : ""}`, { preventScrollReset: true });
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(event.currentTarget))
      if (typeof value === "string") params.append(name, value);
    go(parseComparisonQuery(params));
  };
  const clearedQuery = serializeComparisonQuery(clearFilters(query));
  return (
    <PageFrame
      head={{
        title: t("meta.title"),
        description: t("meta.description"),
        path,
        alternates: routeAlternates("comparison"),
        jsonLd: [productListJsonLd(origin, list, lang, t("title"))],
      }}
      trail={[{ name: common("routes.comparison"), path }]}
    >
      <h1 className="mt-4 text-4xl font-extrabold tracking-tight text-slate-900">{t("title")}</h1>
      <p className="mt-3 max-w-3xl text-lg text-slate-600">{t("subtitle")}</p>

      <form method="get" action={path} onSubmit={onSubmit} className="mt-8 space-y-4" aria-label={t("filters.title")}>
        <div className="flex flex-wrap items-center gap-3">
          <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
            {t("sort.label")}
            <select
              key={query.sort}
              name="sort"
              defaultValue={query.sort}
              onChange={(event: ChangeEvent<HTMLSelectElement>) => go(withSort(query, event.target.value))}
              className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
              data-testid="sort-select"
            >
              {(sortOptions as readonly string[]).concat(query.sort === "potency" ? ["potency"] : []).map((sort) => (
                <option key={sort} value={sort}>
                  {t(`sort.${sort}`)}
                </option>
              ))}
            </select>
          </label>
          <noscript>
            <button type="submit" className="btn-outline py-2">
              {t("filters.apply")}
            </button>
          </noscript>
          {filterCount > 0 && (
            <Link
              to={`${path}${clearedQuery ? `?${clearedQuery}` : ""}`}
              preventScrollReset
              className="btn-outline py-2"
              data-testid="clear-filters"
            >
              {t("filters.clear")}
            </Link>
          )}
          <p className="ml-auto text-sm text-slate-600" aria-live="polite" data-testid="result-count">
            {t("results", { count: list.length })}
          </p>
        </div>
        <FilterPanel query={query} facets={facets} onToggle={(group, value) => go(toggleFilter(query, group, value))} />
      </form>

      <div className="mt-8" aria-busy={isPending}>
        {isPending ? (
          <>
            <LoadingStatus label={common("generic.loading")} />
            <Skeleton className="h-96 w-full" />
          </>
        ) : list.length === 0 ? (
          <p
            className="rounded-2xl border border-dashed border-slate-300 p-10 text-center text-slate-600"
            data-testid="no-results"
          >
            {t("empty")}
          </p>
        ) : (
          <ComparisonTable products={list} />
        )}
      </div>

      {list.length > 0 && (
        <section aria-labelledby="product-cards-title" className="mt-16">
          <h2 id="product-cards-title" className="text-2xl font-bold text-slate-900">
            {t("cards.title")}
          </h2>
          <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            <InPlacement value="comparison-card">
              {list.map((product, index) => (
                <ProductCard key={product.id} product={product} rank={index + 1} />
              ))}
            </InPlacement>
          </div>
        </section>
      )}
      {isPending && (
        <div className="mt-16 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {Array.from({ length: 6 }, (_, index) => (
            <CardSkeleton key={index} />
          ))}
        </div>
      )}
      <TopThreeCallToAction products={topThree(list)} />
    </PageFrame>
  );
}

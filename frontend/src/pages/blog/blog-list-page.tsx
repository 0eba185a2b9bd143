import { useQuery } from "@tanstack/react-query";
import { useApi } from "../../api/api-context.js";
import { postsQuery, productsQuery } from "../../api/queries.js";
import { PostCard } from "../../components/blog/post-card.js";
import { PageFrame, routeAlternates } from "../../components/layout/page-frame.js";
import { Icon } from "../../components/ui/icons.js";
import { CardSkeleton, LoadingStatus } from "../../components/ui/skeleton.js";
import { useCopy } from "../../i18n/use-lang.js";
import { routePath } from "../../routes.js";
import type { Prefetch } from "../page-context.js";
import { AboutResearch, TopProductPromotion } from "./blog-sidebar.js";

export const researchAreas = [
  { id: "longevity", icon: "hourglass" },
  { id: "cardiovascular", icon: "heart" },
  { id: "metabolic", icon: "bolt" },
  { id: "brain", icon: "brain" },
  { id: "anti-aging", icon: "sparkles" },
  { id: "sirtuin", icon: "dna" },
] as const;

export const prefetch: Prefetch = async (queryClient, { api, match }) => {
  await Promise.all([
    queryClient.prefetchQuery(postsQuery(api, match.lang)),
    queryClient.prefetchQuery(productsQuery(api, match.lang)),
  ]);
};

export function BlogListPage() {
  const { t, lang } = useCopy("blog");
  const common = useCopy().t;
  const api = useApi();
  const { data: posts, isPending } = useQuery(postsQuery(api, lang));
  const path = routePath("blog", lang);
  return (
    <PageFrame
      head={{ title: t("meta.title"), description: t("meta.description"), path, alternates: routeAlternates("blog") }}
      trail={[{ name: common("routes.blog"), path }]}
    >
      <h1 className="mt-4 text-4xl font-extrabold tracking-tight text-slate-900">{t("title")}</h1>
      <p className="mt-3 max-w-3xl text-lg text-slate-600">{t("subtitle")}</p>

      <div className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3" aria-busy={isPending}>
        {isPending ? (
          <>
            <LoadingStatus label={common("generic.loading")} />
            {Array.from({ length: 3 }, (_, index) => (
              <CardSkeleton key={index} />
            ))}
          </>
        ) : (
          (posts ?? []).map((post) => <PostCard key={post.id} post={post} headingLevel={2} />)
        )}
      </div>
      {!isPending && (posts ?? []).length === 0 && <p className="mt-6 text-slate-600">{t("empty")}</p>}

      <section aria-labelledby="areas-title" className="mt-16">
        <h2 id="areas-title" className="text-2xl font-bold text-slate-900">
          {t("areas.title")}
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {researchAreas.map(({ id, icon }) => (
            <li
              key={id}
              className="flex gap-3 rounded-2xl border border-slate-200 bg-white p-5"
              data-testid="research-area"
            >
              <span className="grid h-10 w-10 shrink-0 place-items-center rounded-lg bg-wine-50 text-wine-700">
                <Icon name={icon} />
              </span>
              <div>
                <h3 className="font-semibold text-slate-900">{t(`areas.${id}.title`)}</h3>
                <p className="text-sm text-slate-600">{t(`areas.${id}.text`)}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <div className="mt-16 grid gap-6 lg:grid-cols-2">
        <TopProductPromotion />
        <AboutResearch />
      </div>
    </PageFrame>
  );
}

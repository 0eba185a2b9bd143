import { useQuery } from "@tanstack/react-query";
import { Link, useLocation } from "react-router-dom";
import { useApi } from "../../api/api-context.js";
import { ApiError, unwrap, type BlogPost, type Product } from "@rsv/api/client";
import { queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "../../api/api-context.js";
import { isNotFound } from "../../api/queries.js";
import { NotFoundCard } from "../../components/layout/not-found-card.js";
import { LoadingStatus } from "../../components/ui/skeleton.js";
import { useCopy } from "../../i18n/use-lang.js";
import { formatDateTime } from "../../lib/product-figures.js";
import { homePath, type PreviewEntity } from "../../routes.js";
import { ArticleView } from "../blog/article-page.js";
import type { Prefetch } from "../page-context.js";
import { ProductReview } from "../review/review-page.js";

/** What a preview link shows: the item, or why not (deleted or never there, or the link's time is up). */
export type PreviewResult =
  | { state: "post"; post: BlogPost }
  | { state: "product"; product: Product }
  | { state: "missing" }
  | { state: "expired" };

export function previewQuery(api: ApiClient, entity: PreviewEntity, token: string) {
  return queryOptions({
    queryKey: ["/api/preview", entity, token] as const,
    queryFn: async (): Promise<PreviewResult> => {
      const params = { params: { path: { token } } };
      try {
        return entity === "post"
          ? { state: "post", post: await unwrap(api.GET("/api/blog/preview/{token}", params)) }
          : { state: "product", product: await unwrap(api.GET("/api/products/preview/{token}", params)) };
      } catch (error) {
        if (isNotFound(error)) return { state: "missing" };
        if (error instanceof ApiError && (error as { status?: number }).status === 410) return { state: "expired" };
        throw error;
      }
    },
    // A draft changes while the owner edits it: every opening of the link reads it again.
    staleTime: 0,
  });
}

const statusOf: Record<PreviewResult["state"], number> = { post: 200, product: 200, missing: 404, expired: 410 };

export const prefetch: Prefetch = async (queryClient, { api, match }) => {
  if (match.page !== "preview") return;
  const result = await queryClient.fetchQuery(previewQuery(api, match.entity, match.token));
  return { status: statusOf[result.state] };
};

/** The time a scheduled item goes public, when it is still to come. */
function scheduledFor(result: PreviewResult): string | null {
  const at =
    result.state === "post" ? result.post.publishedAt : result.state === "product" ? result.product.publishAt : null;
  return at && new Date(at).getTime() > Date.now() ? at : null;
}

function PreviewBanner({ result }: { result: PreviewResult }) {
  const { t, lang } = useCopy();
  const at = scheduledFor(result);
  return (
    <div
      role="note"
      className="border-b border-amber-300 bg-amber-50 px-4 py-3 text-center text-sm text-amber-900"
      data-testid="preview-banner"
    >
      <strong className="font-semibold">{t("preview.banner")}</strong>
      {at && <span className="ml-2">{t("preview.scheduled", { date: formatDateTime(at, lang) })}</span>}
    </div>
  );
}

function PreviewUnavailable({ expired }: { expired: boolean }) {
  const { t, lang } = useCopy();
  const { pathname } = useLocation();
  return (
    <NotFoundCard
      title={t(expired ? "preview.expiredTitle" : "preview.missingTitle")}
      text={t(expired ? "preview.expiredText" : "preview.missingText")}
      path={pathname}
      icon="hourglass"
      testId={expired ? "preview-expired" : "preview-missing"}
    >
      <Link to={homePath(lang)} className="btn-primary">
        {t("notFound.home")}
      </Link>
    </NotFoundCard>
  );
}

/**
 * What a preview link shows: a draft or scheduled post, or a product's review, exactly as visitors
 * will see it, under a banner saying it is a preview, and never indexed.
 */
export function PreviewPage({ entity, token }: { entity: PreviewEntity; token: string }) {
  const { t } = useCopy();
  const api = useApi();
  const { data: result, isPending } = useQuery(previewQuery(api, entity, token));
  if (isPending) return <LoadingStatus label={t("generic.loading")} />;
  if (!result || result.state === "missing" || result.state === "expired") {
    return <PreviewUnavailable expired={result?.state === "expired"} />;
  }
  return (
    <>
      <PreviewBanner result={result} />
      {result.state === "post" ? (
        <ArticleView post={result.post} noindex />
      ) : (
        <ProductReview product={result.product} noindex />
      )}
    </>
  );
}

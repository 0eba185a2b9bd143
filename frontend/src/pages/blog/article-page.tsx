import type { BlogPost } from "@rsv/api/client";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { useApi } from "../../api/api-context.js";
import { postBySlugQuery, productsQuery } from "../../api/queries.js";
import { useSiteIdentity } from "../../api/use-site-settings.js";
import { CategoryBadge } from "../../components/blog/post-card.js";
import { preloadFor, ProductImage } from "../../components/product/product-image.js";

/** The article column is at most 768 pixels wide. */
const coverImageSizes = "(min-width: 800px) 768px, 100vw";
import { NotFoundCard } from "../../components/layout/not-found-card.js";
import { PageFrame } from "../../components/layout/page-frame.js";
import { SanitizedHtml } from "../../components/ui/sanitized-html.js";
import { LoadingStatus, Skeleton } from "../../components/ui/skeleton.js";
import { useCopy } from "../../i18n/use-lang.js";
import { formatDate } from "../../lib/product-figures.js";
import { articlePath, routePath } from "../../routes.js";
import { useOrigin } from "../../seo/page-head.js";
import { articleJsonLd } from "../../seo/structured-data.js";
import { readingTimeMinutes } from "../../lib/reading-time.js";
import { statusOf, type Prefetch } from "../page-context.js";
import { articleAlternates } from "./article-alternates.js";
import { AboutResearch, TopProductPromotion } from "./blog-sidebar.js";

export const prefetch: Prefetch = async (queryClient, { api, match }) => {
  if (match.page !== "article") return;
  const options = postBySlugQuery(api, match.slug);
  await Promise.all([queryClient.prefetchQuery(options), queryClient.prefetchQuery(productsQuery(api, match.lang))]);
  const post = queryClient.getQueryData(options.queryKey);
  // The article exists in the page's language under another slug: go there.
  if (post && post.lang !== match.lang && post.translationSlug)
    return { status: 302, redirect: articlePath(post.translationSlug, match.lang) };
  return { status: statusOf(queryClient, options.queryKey) };
};

function ArticleNotFound() {
  const { t, lang } = useCopy("blog");
  return (
    <NotFoundCard
      title={t("article.notFoundTitle")}
      text={t("article.notFoundText")}
      path={routePath("blog", lang)}
      icon="book"
      testId="article-not-found"
    >
      <Link to={routePath("blog", lang)} className="btn-primary">
        {t("article.back")}
      </Link>
    </NotFoundCard>
  );
}

export function ArticlePage({ slug }: { slug: string }) {
  const common = useCopy().t;
  const api = useApi();
  const { data: post, isPending } = useQuery(postBySlugQuery(api, slug));

  if (isPending) {
    return (
      <div className="container-page max-w-3xl space-y-4 py-10" aria-busy="true">
        <LoadingStatus label={common("generic.loading")} />
        <Skeleton className="h-6 w-24" />
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-72 w-full" />
      </div>
    );
  }
  if (!post) return <ArticleNotFound />;
  return <ArticleView post={post} />;
}

/** An article as visitors read it; a preview link shows a draft the same way, kept out of search engines. */
export function ArticleView({ post, noindex = false }: { post: BlogPost; noindex?: boolean }) {
  const { t, lang } = useCopy("blog");
  const common = useCopy().t;
  const origin = useOrigin();
  const { siteName, logoUrl, faviconUrl } = useSiteIdentity();
  const path = articlePath(post.slug, lang);
  return (
    <PageFrame
      head={{
        noindex,
        title: post.metaTitle || post.title,
        description: post.metaDescription || post.excerpt,
        path,
        alternates: articleAlternates(post),
        ogType: "article",
        image: post.imageUrl,
        preloadImage: preloadFor(post.imageUrl, coverImageSizes),
        jsonLd: [articleJsonLd(origin, post, path, siteName, logoUrl ?? faviconUrl)],
      }}
      trail={[
        { name: common("routes.blog"), path: routePath("blog", lang) },
        { name: post.title, path },
      ]}
    >
      <article className="mx-auto max-w-3xl" lang={post.lang}>
        <div className="mt-6 flex flex-wrap items-center gap-3 text-sm text-slate-500">
          <CategoryBadge category={post.category} />
          <span data-testid="reading-time">
            {t("article.readingTime", { count: readingTimeMinutes(post.content) })}
          </span>
        </div>
        <h1 className="mt-4 text-4xl font-extrabold tracking-tight text-slate-900">{post.title}</h1>
        <p className="mt-4 text-xl text-slate-600">{post.excerpt}</p>
        <p className="mt-4 flex flex-wrap gap-x-4 text-sm text-slate-500">
          <span>{t("article.author")}</span>
          {post.publishedAt && (
            <time dateTime={post.publishedAt}>
              {t("article.published", { date: formatDate(post.publishedAt, lang) })}
            </time>
          )}
        </p>
        <ProductImage
          src={post.imageUrl}
          alt=""
          className="mt-8 aspect-[16/9] w-full rounded-3xl"
          sizes={coverImageSizes}
          width={1280}
          height={720}
          priority
          fit="cover"
        />
        <SanitizedHtml html={post.content}>
          {(markup, key) => (
            <div
              className="prose-content mt-8"
              data-testid="article-content"
              data-sanitized={key}
              dangerouslySetInnerHTML={markup}
            />
          )}
        </SanitizedHtml>
      </article>
      <div className="mx-auto mt-16 grid max-w-5xl gap-6 lg:grid-cols-2">
        <TopProductPromotion />
        <AboutResearch />
      </div>
    </PageFrame>
  );
}

import { Link } from "react-router-dom";
import type { ListedPost } from "../../api/queries.js";
import { useCopy } from "../../i18n/use-lang.js";
import { formatDate } from "../../lib/product-figures.js";
import { articlePath } from "../../routes.js";
import { ProductImage } from "../product/product-image.js";

export function useCategoryLabel() {
  const { t } = useCopy("blog");
  return (category: string) => t(`categories.${category.toLowerCase()}`, { defaultValue: category });
}

export function CategoryBadge({ category }: { category: string }) {
  const label = useCategoryLabel();
  return (
    <span
      className="inline-block rounded-full bg-wine-100 px-3 py-1 text-xs font-semibold text-wine-800"
      data-testid="category-badge"
    >
      {label(category)}
    </span>
  );
}

export function PostCard({ post, headingLevel = 3 }: { post: ListedPost; headingLevel?: 2 | 3 }) {
  const { t, lang } = useCopy("blog");
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const path = articlePath(post.slug, lang);
  return (
    <article
      className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
      data-testid="post-card"
      data-slug={post.slug}
    >
      <ProductImage src={post.imageUrl} alt="" className="h-48 w-full" width={640} height={360} fit="cover" />
      <div className="flex flex-1 flex-col p-5">
        <div className="flex items-center justify-between gap-2">
          <CategoryBadge category={post.category} />
          <time dateTime={post.publishedAt ?? undefined} className="text-xs text-slate-500">
            {formatDate(post.publishedAt, lang)}
          </time>
        </div>
        <Heading className="mt-3 text-lg font-bold text-slate-900" lang={post.lang}>
          <Link to={path} className="hover:text-wine-800">
            {post.title}
          </Link>
        </Heading>
        <p className="mt-2 line-clamp-3 text-sm text-slate-600" lang={post.lang}>
          {post.excerpt}
        </p>
        <Link
          to={path}
          className="mt-auto pt-4 text-sm font-semibold text-wine-700 hover:text-wine-900"
          aria-label={`${t("readArticle")}: ${post.title}`}
        >
          {t("readArticle")} →
        </Link>
      </div>
    </article>
  );
}

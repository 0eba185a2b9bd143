import { useQuery } from "@tanstack/react-query";
import { Navigate, useSearchParams } from "react-router-dom";
import { useApi } from "../../api/api-context.js";
import { productByIdQuery } from "../../api/queries.js";
import { Skeleton } from "../../components/ui/skeleton.js";
import { languages, reviewPath, type Lang } from "../../routes.js";
import type { Prefetch } from "../page-context.js";
import { statusOf } from "../page-context.js";
import { ProductNotFound } from "./product-not-found.js";

function requestedLang(value: string | null): Lang {
  return (languages as readonly string[]).includes(value ?? "") ? (value as Lang) : "en";
}

/** /product/{id} is the Details target; the server answers a redirect, the browser navigates. */
export const prefetch: Prefetch = async (queryClient, { api, match, search }) => {
  if (match.page !== "productById") return;
  const lang = requestedLang(search.get("lang"));
  const product = await queryClient.fetchQuery(productByIdQuery(api, match.id, lang)).catch(() => undefined);
  if (product) return { status: 302, redirect: reviewPath(product.slug, lang) };
  return { status: statusOf(queryClient, productByIdQuery(api, match.id, lang).queryKey) };
};

export function ProductRedirectPage({ id }: { id: number }) {
  const api = useApi();
  const [params] = useSearchParams();
  const lang = requestedLang(params.get("lang"));
  const { data, isPending } = useQuery(productByIdQuery(api, id, lang));
  if (isPending) return <Skeleton className="container-page my-10 h-96" />;
  if (!data) return <ProductNotFound />;
  return <Navigate to={reviewPath(data.slug, lang)} replace />;
}

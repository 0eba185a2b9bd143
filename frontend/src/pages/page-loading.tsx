import { LoadingStatus, Skeleton } from "../components/ui/skeleton.js";
import { useCopy } from "../i18n/use-lang.js";

/** Shown while a page's chunk downloads on client-side navigation (never in server HTML). */
export function PageLoading() {
  const { t } = useCopy();
  return (
    <div className="container-page space-y-4 py-10" aria-busy="true">
      <LoadingStatus label={t("generic.loading")} />
      <Skeleton className="h-10 w-2/3" />
      <Skeleton className="h-5 w-full" />
      <Skeleton className="h-64 w-full" />
    </div>
  );
}

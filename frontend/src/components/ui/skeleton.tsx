export function Skeleton({ className = "" }: { className?: string }) {
  return <div className={`animate-pulse rounded-md bg-slate-200 ${className}`} aria-hidden="true" />;
}

export function CardSkeleton({ imageHeight = "h-48" }: { imageHeight?: string }) {
  return (
    <div
      className="overflow-hidden rounded-xl border border-slate-200 bg-white"
      data-testid="card-skeleton"
      aria-hidden="true"
    >
      <Skeleton className={`${imageHeight} w-full rounded-none`} />
      <div className="space-y-3 p-5">
        <Skeleton className="h-4 w-1/3" />
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-5/6" />
      </div>
    </div>
  );
}

export function LoadingStatus({ label }: { label: string }) {
  return (
    <p className="sr-only" role="status">
      {label}
    </p>
  );
}

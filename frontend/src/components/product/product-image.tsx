import { useEffect, useRef, useState } from "react";

interface ProductImageProps {
  src: string | null | undefined;
  alt: string;
  className?: string;
  /** Shown instead of the gradient when the image fails (the home page's top product). */
  fallbackSrc?: string;
  loading?: "lazy" | "eager";
  /** Product shots are shown whole; article photos fill their frame. */
  fit?: "contain" | "cover";
}

/** A failed image is hidden and a gradient shows through. */
export function ProductImage({
  src,
  alt,
  className = "",
  fallbackSrc,
  loading = "lazy",
  fit = "contain",
}: ProductImageProps) {
  const [failed, setFailed] = useState(!src);
  const ref = useRef<HTMLImageElement>(null);

  // An image that failed before hydration never fires onError again.
  useEffect(() => {
    const image = ref.current;
    if (image && image.complete && image.naturalWidth === 0) setFailed(true);
  }, []);

  const showFallbackImage = failed && fallbackSrc;
  return (
    <div
      className={`relative overflow-hidden bg-gradient-to-br from-wine-100 via-wine-50 to-emerald-50 ${className}`}
      data-image-state={failed ? "failed" : "ok"}
    >
      {showFallbackImage ? (
        <img src={fallbackSrc} alt={alt} className="h-full w-full object-contain" />
      ) : (
        !failed && (
          <img
            ref={ref}
            src={src ?? undefined}
            alt={alt}
            loading={loading}
            decoding="async"
            className={`h-full w-full ${fit === "cover" ? "object-cover" : "object-contain"}`}
            onError={() => setFailed(true)}
          />
        )
      )}
    </div>
  );
}

import { useEffect, useRef, useState } from "react";
import { imageSources } from "../../lib/image-sources.js";
import type { PreloadImage } from "../../seo/head-data.js";

/** Card slots: a third of the row on wide screens, half on tablets, the full width on phones. */
export const cardImageSizes = "(min-width: 1024px) 384px, (min-width: 640px) 50vw, 100vw";

interface ProductImageProps {
  src: string | null | undefined;
  alt: string;
  className?: string;
  /** Shown instead of the gradient when the image fails (the home page's top product). */
  fallbackSrc?: string;
  loading?: "lazy" | "eager";
  /** Product shots are shown whole; article photos fill their frame. */
  fit?: "contain" | "cover";
  /** How wide the slot is (the `sizes` attribute); the browser picks a resized copy to match. */
  sizes?: string;
  /** The intrinsic size the slot reserves before the image arrives (no layout shift). */
  width?: number;
  height?: number;
  /** The page's largest image above the fold: fetched first, never lazily. */
  priority?: boolean;
  /** The widest copy worth offering in `srcset` (a 48 px thumbnail needs no 1280 px copy). */
  maxWidth?: number;
}

/** The preload link for an image shown with `priority` (the same `srcset` and `sizes`, so one download). */
export function preloadFor(src: string | null | undefined, sizes: string): PreloadImage | undefined {
  if (!src) return undefined;
  const { srcSet } = imageSources(src);
  return { href: src, srcSet, sizes };
}

/** A failed image is hidden and a gradient shows through. */
export function ProductImage({
  src,
  alt,
  className = "",
  fallbackSrc,
  loading = "lazy",
  fit = "contain",
  sizes = cardImageSizes,
  width = 640,
  height = 640,
  priority = false,
  maxWidth,
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
        <img src={fallbackSrc} alt={alt} width={width} height={height} className="h-full w-full object-contain" />
      ) : (
        !failed && (
          <img
            ref={ref}
            {...(src ? imageSources(src, maxWidth) : {})}
            sizes={sizes}
            alt={alt}
            width={width}
            height={height}
            loading={priority ? "eager" : loading}
            fetchPriority={priority ? "high" : undefined}
            decoding="async"
            className={`h-full w-full ${fit === "cover" ? "object-cover" : "object-contain"}`}
            onError={() => setFailed(true)}
          />
        )
      )}
    </div>
  );
}

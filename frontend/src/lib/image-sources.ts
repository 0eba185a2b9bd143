/**
 * The widths the media service resizes uploaded images to (`?w=`); it refuses any other, so this list
 * follows its own (VARIANT_WIDTHS in the media service's variants).
 */
export const imageWidths = [160, 320, 480, 640, 960, 1280] as const;

export interface ImageSources {
  src: string;
  srcSet?: string;
}

/** Images uploaded to the media service; only those can be asked for a smaller copy. */
function isUploadedImage(src: string): boolean {
  return src.startsWith("/api/images/") && !src.includes("?");
}

/**
 * `src` plus, for an uploaded image, a `srcset` of the media service's widths up to `maxWidth`, so a
 * phone downloads a phone-sized copy. Other images (external URLs, bundled SVGs) are used as they are.
 */
export function imageSources(src: string, maxWidth = 1280): ImageSources {
  if (!isUploadedImage(src)) return { src };
  const widths = imageWidths.filter((width) => width <= maxWidth);
  return { src, srcSet: widths.map((width) => `${src}?w=${width} ${width}w`).join(", ") };
}

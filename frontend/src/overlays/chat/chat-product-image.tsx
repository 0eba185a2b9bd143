import { useState } from "react";

/** A product shot that turns into a plain grey box when it cannot be loaded. */
export function ChatProductImage({ src, alt, className = "" }: { src: string; alt: string; className?: string }) {
  const [failed, setFailed] = useState(!src);
  if (failed)
    return <div className={`bg-slate-200 ${className}`} role="img" aria-label={alt} data-image-state="failed" />;
  return (
    <img
      src={src}
      alt={alt}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      className={`bg-slate-100 object-contain ${className}`}
      data-image-state="ok"
    />
  );
}

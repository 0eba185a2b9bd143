import type { PreviewLink } from "@rsv/api/client";
import { useState } from "react";
import { useAdminCopy } from "../admin-copy.js";
import { useCreatePreviewLink } from "../api/revisions.js";
import { whenText } from "./when.js";

/**
 * Makes a signed, expiring link that shows a draft or scheduled item as visitors will see it, to
 * open here or send to someone. The link shows the item as last saved.
 */
export function PreviewLinkButton({
  entity,
  id,
  lang,
}: {
  entity: "post" | "product";
  id: number;
  lang?: "en" | "es";
}) {
  const { t, lang: adminLang } = useAdminCopy();
  const [link, setLink] = useState<PreviewLink | null>(null);
  const [copied, setCopied] = useState(false);
  const create = useCreatePreviewLink({ onSuccess: (made) => setLink(made) });
  const absolute = link ? new URL(link.url, window.location.origin).href : "";
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="preview-link">
      <button
        type="button"
        className="btn-outline text-sm"
        disabled={create.isPending}
        onClick={() => create.mutate({ entity, id, ...(lang ? { lang } : {}) })}
      >
        {lang
          ? t("revisions.previewLinkIn", { language: t(`common.languageInText.${lang}`) })
          : t("revisions.previewLink")}
      </button>
      {link && (
        <>
          <a href={link.url} target="_blank" rel="noopener" className="font-semibold text-wine-700 underline">
            {t("revisions.openPreview")}
          </a>
          <button
            type="button"
            className="btn-outline text-sm"
            onClick={() => void navigator.clipboard?.writeText(absolute).then(() => setCopied(true))}
          >
            {copied ? t("revisions.copied") : t("revisions.copy")}
          </button>
          <span className="text-xs text-slate-500">
            {t("revisions.expires", {
              date: whenText(link.expiresAt, adminLang),
            })}
          </span>
        </>
      )}
    </div>
  );
}

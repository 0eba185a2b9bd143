import { useState, type DragEvent } from "react";
import { copyText } from "../../lib/clipboard.js";
import { useToastStore } from "../../stores/toast.store.js";
import { useAdminCopy } from "../admin-copy.js";
import { useBrowseImages, useDeleteImage, useUploadImage } from "../api/images.js";
import { useSetLogo, useSiteSettings } from "../api/settings.js";
import { acceptedImageTypes, kilobytes, maxUploadBytes, refusalOf } from "./upload.js";
import { useUploadStore } from "./upload.store.js";
import { thumbnail } from "../ui/thumbnail.js";
import { askConfirm } from "../ui/confirm.js";

export function ImagesTab() {
  const { t, lang } = useAdminCopy();
  const show = useToastStore((state) => state.show);
  const images = useBrowseImages();
  const settings = useSiteSettings();
  const remove = useDeleteImage();
  const setLogo = useSetLogo();
  const upload = useUploadImage();
  const { current, refused, start, progress, finish, refuse } = useUploadStore();
  const [dragging, setDragging] = useState(false);

  async function send(files: FileList | null) {
    for (const file of Array.from(files ?? [])) {
      const refusal = refusalOf(file);
      if (refusal) {
        const reason = t(`images.refused.${refusal}`, { filename: file.name });
        refuse(file.name, reason);
        show({ title: t("images.toast.uploadFailed"), description: reason, variant: "destructive" });
        continue;
      }
      start(file.name);
      try {
        const image = await upload.mutateAsync({ file, onProgress: progress });
        const copied = await copyText(`${window.location.origin}${image.url}`);
        show({
          title: t("images.toast.uploaded"),
          description: copied ? t("images.toast.uploadedCopied") : image.originalName,
          variant: "default",
        });
      } catch {
        // the mutation's failure toast already shows the server's reason
      } finally {
        finish();
      }
    }
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    void send(event.dataTransfer.files);
  }

  async function copyUrl(url: string) {
    const copied = await copyText(`${window.location.origin}${url}`);
    show(
      copied
        ? { title: t("images.toast.urlCopied"), variant: "default" }
        : { title: t("newsletter.toast.copyFailed"), variant: "destructive" },
    );
  }

  return (
    <div>
      <h2 className="text-xl font-semibold text-slate-900">{t("images.title")}</h2>
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`mt-4 rounded-2xl border-2 border-dashed p-8 text-center transition ${dragging ? "border-wine-500 bg-wine-50" : "border-slate-300 bg-slate-50"}`}
        data-testid="drop-zone"
      >
        <p className="font-medium text-slate-800">{t("images.dropHere")}</p>
        <p className="mt-1 text-sm text-slate-600">{t("images.limits", { megabytes: maxUploadBytes / 1024 / 1024 })}</p>
        <label className="file-button btn-primary mt-4">
          {t("images.choose")}
          <input
            type="file"
            accept={acceptedImageTypes.join(",")}
            multiple
            className="sr-only"
            data-testid="image-file-input"
            onChange={(event) => {
              void send(event.target.files);
              event.target.value = "";
            }}
          />
        </label>
        {current && (
          <div className="mx-auto mt-4 max-w-sm" role="status">
            <p className="text-sm text-slate-700">
              {t("images.uploading", { filename: current.name, percent: Math.round(current.progress * 100) })}
            </p>
            <progress
              className="mt-2 h-2 w-full accent-wine-700"
              max={1}
              value={current.progress}
              aria-label={t("images.progress")}
            />
          </div>
        )}
        {refused && (
          <p role="alert" className="mt-4 text-sm font-medium text-red-700">
            {refused.reason}
          </p>
        )}
      </div>

      <div className="mt-6">
        {images.isPending ? (
          <p className="text-slate-500">{t("common.loading")}</p>
        ) : images.isError ? (
          <p className="text-red-600">{t("common.loadFailed")}</p>
        ) : images.data.length === 0 ? (
          <p className="text-slate-600">{t("images.empty")}</p>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
            {images.data.map((image) => {
              const isLogo = settings.data?.logoUrl === image.url;
              return (
                <li
                  key={image.id}
                  className="overflow-hidden rounded-xl border border-slate-200 bg-white"
                  data-testid="image-card"
                  data-filename={image.filename}
                >
                  <img
                    src={thumbnail(image.url, 320)}
                    alt={image.originalName}
                    className="h-28 w-full bg-slate-100 object-contain sm:h-36"
                  />
                  <div className="space-y-2 p-3">
                    <p className="truncate text-sm font-medium text-slate-900" title={image.originalName}>
                      {image.originalName}
                    </p>
                    <p className="text-xs text-slate-500">
                      {t("images.size", { size: kilobytes(image.fileSize, lang) })}
                      {isLogo && <span className="ml-2 font-semibold text-wine-700">{t("images.isLogo")}</span>}
                    </p>
                    <div className="flex flex-wrap gap-2">
                      <button
                        type="button"
                        className="btn-outline px-2 py-1 text-xs"
                        onClick={() => void copyUrl(image.url)}
                      >
                        {t("images.copyUrl")}
                      </button>
                      <button
                        type="button"
                        className="btn-outline px-2 py-1 text-xs"
                        disabled={setLogo.isPending || isLogo}
                        onClick={() => setLogo.mutate(image.url)}
                      >
                        {t("images.setLogo")}
                      </button>
                      <button
                        type="button"
                        className="rounded-lg border border-red-200 px-2 py-1 text-xs font-medium text-red-700 hover:bg-red-50"
                        disabled={remove.isPending}
                        onClick={async () => {
                          const question = t("images.confirmDelete", { filename: image.originalName });
                          if (await askConfirm({ message: question, confirmLabel: t("common.delete") }))
                            remove.mutate(image.filename);
                        }}
                      >
                        {t("common.delete")}
                      </button>
                    </div>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}

import { useAdminCopy } from "../admin-copy.js";
import { useBrowseImages } from "../api/images.js";
import { TextField } from "../ui/fields.js";
import { Modal } from "../ui/modal.js";
import { thumbnail } from "../ui/thumbnail.js";
import { useImagePickerStore } from "./image-picker.store.js";

export function ImagePicker() {
  const { t } = useAdminCopy();
  const { open, onPick, close } = useImagePickerStore();
  return (
    <Modal open={open} title={t("picker.title")} onClose={close} wide testId="image-picker">
      {open && <PickerGrid onPick={(url) => (onPick?.(url), close())} />}
    </Modal>
  );
}

function PickerGrid({ onPick }: { onPick: (url: string) => void }) {
  const { t } = useAdminCopy();
  const images = useBrowseImages();
  if (images.isPending) return <p className="text-sm text-slate-500">{t("common.loading")}</p>;
  if (images.isError) return <p className="text-sm text-red-600">{t("common.loadFailed")}</p>;
  if (images.data.length === 0) return <p className="text-sm text-slate-600">{t("picker.empty")}</p>;
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {images.data.map((image) => (
        <li key={image.id}>
          <button
            type="button"
            onClick={() => onPick(image.url)}
            className="w-full overflow-hidden rounded-xl border border-slate-200 text-left hover:ring-2 hover:ring-wine-500"
            aria-label={t("picker.choose", { filename: image.originalName })}
            data-testid="picker-image"
          >
            <img src={thumbnail(image.url, 320)} alt="" className="h-28 w-full bg-slate-100 object-contain" />
            <span className="block truncate px-2 py-1 text-xs text-slate-600">{image.originalName}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** A URL field with the library one click away. */
export function ImageUrlField({
  label,
  value,
  onValue,
  error,
  required,
}: {
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: string | null;
  required?: boolean;
}) {
  const { t } = useAdminCopy();
  const choose = useImagePickerStore((state) => state.choose);
  return (
    <div>
      <TextField label={label} value={value} onValue={onValue} error={error} required={required} />
      <div className="mt-2 flex items-center gap-3">
        <button type="button" className="btn-outline px-3 py-1.5 text-xs" onClick={() => choose(onValue)}>
          {t("picker.open")}
        </button>
        {value && (
          <img
            src={value}
            alt={t("picker.preview")}
            className="h-10 w-10 rounded border border-slate-200 object-contain"
          />
        )}
      </div>
    </div>
  );
}

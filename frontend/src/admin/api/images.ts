import { unwrap } from "@rsv/api/client";
import { queryKeys } from "../../api/queries.js";
import { uploadImage } from "../images/upload.js";
import { createMutation, createQuery } from "./hooks.js";

export const useBrowseImages = createQuery({
  key: queryKeys.images,
  load: (api) => unwrap(api.GET("/api/images")),
});

export const useDeleteImage = createMutation({
  call: (api, filename: string) => unwrap(api.DELETE("/api/images/{filename}", { params: { path: { filename } } })),
  invalidates: [queryKeys.images()],
  success: (t, _, filename) => ({ title: t("images.toast.deleted"), description: filename }),
  failure: (t) => t("images.toast.deleteFailed"),
});

/** Sent with XMLHttpRequest for its progress events (the typed client's fetch has none for uploads). */
export const useUploadImage = createMutation({
  call: (_api, { file, onProgress }: { file: File; onProgress: (fraction: number) => void }) =>
    uploadImage(file, onProgress),
  invalidates: [queryKeys.images()],
  failure: (t) => t("images.toast.uploadFailed"),
});

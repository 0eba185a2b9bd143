import { ApiError, type ImageInfo } from "@rsv/api/client";

/** The media service's cap (10 MB) and the types it accepts after sniffing the bytes. */
export const maxUploadBytes = 10 * 1024 * 1024;
export const acceptedImageTypes = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;

export type UploadRefusal = "tooLarge" | "wrongType" | "empty";

/** Refuses before sending what the server would refuse; the server still checks the bytes themselves. */
export function refusalOf(file: { size: number; type: string }): UploadRefusal | null {
  if (file.size === 0) return "empty";
  if (!(acceptedImageTypes as readonly string[]).includes(file.type)) return "wrongType";
  if (file.size > maxUploadBytes) return "tooLarge";
  return null;
}

const kilobyteFormats = new Map<string, Intl.NumberFormat>();

/** Size in kilobytes with one decimal, as the library lists it, in the dashboard's language: 82.3, 82,3. */
export function kilobytes(bytes: number, lang: string): string {
  let format = kilobyteFormats.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    kilobyteFormats.set(lang, format);
  }
  return format.format(bytes / 1024);
}

/**
 * Multipart upload with progress: fetch cannot report upload progress, XMLHttpRequest can. A non-2xx
 * answer becomes the same ApiError the typed client throws.
 */
export function uploadImage(file: File, onProgress: (fraction: number) => void): Promise<ImageInfo> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", "/api/images/upload");
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) resolve(JSON.parse(request.responseText) as ImageInfo);
      else reject(new ApiError(request.status, request.responseText, request.statusText));
    };
    request.onerror = () => reject(new Error("Network error"));
    const form = new FormData();
    form.append("image", file);
    request.send(form);
  });
}

/** A small copy for lists: library images come resized by the media service, other addresses as they are. */
export function thumbnail(url: string, width: 160 | 320 = 160): string {
  return url.startsWith("/api/images/") && !url.includes("?") ? `${url}?w=${width}` : url;
}

import { unwrap, type components } from "@rsv/api/client";
import { queryKeys } from "../../api/queries.js";
import { createMutation, createQuery } from "./hooks.js";

export type SubscriberStatus = components["schemas"]["SubscriberStatus"];
export const subscriberStatuses: SubscriberStatus[] = ["pending", "confirmed", "unsubscribed", "bounced"];

export const useBrowseSubscribers = createQuery({
  key: queryKeys.newsletter,
  load: (api) => unwrap(api.GET("/api/newsletter")),
});

export const useDeleteSubscriber = createMutation({
  call: (api, id: number) => unwrap(api.DELETE("/api/newsletter/{id}", { params: { path: { id } } })),
  invalidates: [queryKeys.newsletter(), ["/api/newsletter/outbox"]],
  success: (t) => ({ title: t("newsletter.toast.deleted") }),
  failure: (t) => t("newsletter.toast.deleteFailed"),
});

export interface SubscriberExport {
  filename: string;
  text: string;
}

/** The attachment's name as the server gives it (`subscribers-YYYY-MM-DD.csv`), else today's date. */
export function exportFilename(disposition: string | null, today = new Date()): string {
  const named = disposition?.match(/filename="([^"]+)"/)?.[1];
  return named ?? `subscribers-${today.toISOString().slice(0, 10)}.csv`;
}

/** The subscribers of one status (confirmed when none is given) as CSV, with their consent record. */
export const useExportSubscribers = createMutation({
  call: async (api, status: SubscriberStatus | void): Promise<SubscriberExport> => {
    const result = await api.GET("/api/newsletter/export", {
      params: { query: status ? { status } : {} },
      parseAs: "text",
    });
    const text = await unwrap(Promise.resolve(result));
    return { filename: exportFilename(result.response.headers.get("content-disposition")), text };
  },
  invalidates: [],
  success: (t, result) => ({ title: t("newsletter.toast.exported"), description: result.filename }),
  failure: (t) => t("newsletter.toast.exportFailed"),
});

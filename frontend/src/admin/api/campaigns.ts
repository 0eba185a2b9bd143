import { unwrap, type components } from "@rsv/api/client";
import { useQuery } from "@tanstack/react-query";
import { useApi } from "../../api/api-context.js";
import { createMutation, createQuery } from "./hooks.js";

export type Campaign = components["schemas"]["Campaign"];
export type CampaignInput = components["schemas"]["CampaignInput"];
export type OutboxMessage = components["schemas"]["OutboxMessage"];

const campaignsKey = () => ["/api/newsletter/campaigns"] as const;
const outboxKey = () => ["/api/newsletter/outbox"] as const;

/** Newest first; asked again every 2 s while one is being sent, so the counts move. */
export const useCampaigns = createQuery({
  key: campaignsKey,
  load: (api) => unwrap(api.GET("/api/newsletter/campaigns")),
});

/** One campaign, asked again every 1.5 s while `live` (being sent), so its counts move on screen. */
export function useCampaignProgress(id: number, live: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: [...campaignsKey(), id],
    queryFn: () => unwrap(api.GET("/api/newsletter/campaigns/{id}", { params: { path: { id } } })),
    refetchInterval: live ? 1500 : false,
  });
}

export const useOutbox = createQuery({
  key: outboxKey,
  load: (api) => unwrap(api.GET("/api/newsletter/outbox")),
});

export const useSaveCampaign = createMutation({
  call: (api, { id, input }: { id?: number; input: CampaignInput }) =>
    id
      ? unwrap(api.PUT("/api/newsletter/campaigns/{id}", { params: { path: { id } }, body: input }))
      : unwrap(api.POST("/api/newsletter/campaigns", { body: input })),
  invalidates: [campaignsKey()],
  success: (t) => ({ title: t("campaigns.toast.saved") }),
  failure: (t) => t("campaigns.toast.saveFailed"),
});

export const useSendCampaign = createMutation({
  call: (api, { id, sendAt }: { id: number; sendAt: string | null }) =>
    unwrap(
      api.POST("/api/newsletter/campaigns/{id}/send", {
        params: { path: { id } },
        body: { sendAt },
      }),
    ),
  invalidates: [campaignsKey()],
  success: (t, result) => ({
    title: t(
      result.sendAt && Date.parse(result.sendAt) > Date.now() + 1000
        ? "campaigns.toast.scheduled"
        : "campaigns.toast.sending",
    ),
  }),
  failure: (t) => t("campaigns.toast.sendFailed"),
});

export const useTestCampaign = createMutation({
  call: (api, { id, email, language }: { id: number; email: string; language: "en" | "es" }) =>
    unwrap(
      api.POST("/api/newsletter/campaigns/{id}/test", {
        params: { path: { id } },
        body: { email, language },
      }),
    ),
  invalidates: [outboxKey()],
  success: (t, result) => ({
    title: t(result.status === "sent" ? "campaigns.toast.testSent" : "campaigns.toast.testKept"),
  }),
  failure: (t) => t("campaigns.toast.testFailed"),
});

export type CampaignAction = "pause" | "resume" | "cancel";

export const useCampaignAction = createMutation({
  call: (api, { id, action }: { id: number; action: CampaignAction }) => {
    const options = { params: { path: { id } } };
    switch (action) {
      case "pause":
        return unwrap(api.POST("/api/newsletter/campaigns/{id}/pause", options));
      case "resume":
        return unwrap(api.POST("/api/newsletter/campaigns/{id}/resume", options));
      case "cancel":
        return unwrap(api.POST("/api/newsletter/campaigns/{id}/cancel", options));
    }
  },
  invalidates: [campaignsKey()],
  success: (t, _, { action }) => ({ title: t(`campaigns.toast.${action}`) }),
  failure: (t) => t("campaigns.toast.actionFailed"),
});

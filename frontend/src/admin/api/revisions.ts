import { unwrap, type PreviewLinkInput, type Revision } from "@rsv/api/client";
import { useQuery } from "@tanstack/react-query";
import { useApi } from "../../api/api-context.js";
import { createMutation } from "./hooks.js";

export type RevisionEntity = Revision["entity"];

const revisionsKey = (entity: RevisionEntity, entityId: string) => ["/api/revisions", entity, entityId] as const;

/** An item's revisions, newest first; read while its history is open. */
export function useRevisions(entity: RevisionEntity, entityId: string, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: revisionsKey(entity, entityId),
    queryFn: async () =>
      (await unwrap(api.GET("/api/revisions/{entity}/{entityId}", { params: { path: { entity, entityId } } })))
        .revisions,
    enabled,
    staleTime: 0,
  });
}

export const useRestoreRevision = createMutation({
  call: (api, path: { entity: RevisionEntity; entityId: string; revisionId: number }) =>
    unwrap(api.POST("/api/revisions/{entity}/{entityId}/{revisionId}/restore", { params: { path } })),
  // The restored item shows everywhere the admin lists it, and its history gains the restore.
  invalidates: [["/api/revisions"], ["/api/blog"], ["/api/products"], ["/api/site-settings"]],
  success: (t) => ({ title: t("revisions.toast.restored") }),
  failure: (t) => t("revisions.toast.restoreFailed"),
});

export const useCreatePreviewLink = createMutation({
  call: (api, body: PreviewLinkInput) => unwrap(api.POST("/api/previews", { body })),
  invalidates: [],
  failure: (t) => t("revisions.toast.previewFailed"),
});

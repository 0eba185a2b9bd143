import { ApiError, type ErrorBody } from "@rsv/api/client";
import { useMutation, useQuery, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useEffect } from "react";
import { useApi, type ApiClient } from "../../api/api-context.js";
import { queryKeys } from "../../api/queries.js";
import { useToastStore } from "../../stores/toast.store.js";
import { useAdminCopy, type AdminT } from "../admin-copy.js";

/** The server's own words: the message of the error envelope, else the transport message. */
export function serverMessage(error: unknown): string {
  if (error instanceof ApiError) {
    try {
      const parsed = JSON.parse(error.body) as { error?: { message?: unknown } };
      if (typeof parsed.error?.message === "string") return parsed.error.message;
    } catch {
      // not the JSON envelope (a proxy page, say): the status line says more than nothing
    }
  }
  return error instanceof Error ? error.message : String(error);
}

const FAILURE_KINDS = [400, 401, 403, 404, 409, 413, 429] as const;

/** What kind of failure an error was, in the admin's words: by its status, else "try again". */
export function failureKind(t: AdminT, error: unknown): string {
  const status = error instanceof ApiError ? error.status : 0;
  const kind = (FAILURE_KINDS as readonly number[]).includes(status) ? String(status) : "other";
  return t(`common.failures.${kind}`);
}

export type ErrorDetail = NonNullable<ErrorBody["error"]["details"]>[number];

/** The problems the server listed, field by field (with a stable `reason` where the operation names one). */
export function errorDetails(error: unknown): ErrorDetail[] {
  if (!(error instanceof ApiError)) return [];
  try {
    return (JSON.parse(error.body) as Partial<ErrorBody>).error?.details ?? [];
  } catch {
    return [];
  }
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** A 401 means the session is gone (expired, revoked elsewhere): the dashboard gives way to the login. */
export function useSignOutOn401(error: unknown) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (isUnauthorized(error)) queryClient.setQueryData(queryKeys.session(), null);
  }, [error, queryClient]);
}

/** How often a read is asked again while a screen watches it change (a check run), from what it last said. */
export type RefetchEvery<T> = number | false | ((data: T | undefined) => number | false);

export function createQuery<T>(options: {
  key: () => QueryKey;
  load: (api: ApiClient) => Promise<T>;
  /** An answer to show at once while the server is asked (stale from the start), or undefined. */
  initial?: () => T | undefined;
}) {
  return function useAdminQuery(live: { refetchInterval?: RefetchEvery<T> } = {}) {
    const api = useApi();
    const every = live.refetchInterval ?? false;
    const query = useQuery({
      queryKey: options.key(),
      queryFn: () => options.load(api),
      staleTime: 0,
      ...(options.initial ? { initialData: options.initial, initialDataUpdatedAt: 0 } : {}),
      refetchInterval: typeof every === "function" ? (current) => every(current.state.data) : every,
    });
    useSignOutOn401(query.error);
    return query;
  };
}

interface ToastText {
  title: string;
  description?: string;
}

export interface MutationOptions<V, R> {
  call: (api: ApiClient, variables: V) => Promise<R>;
  /** Key prefixes of every cached read the change makes stale; they are refetched. */
  invalidates: ReadonlyArray<QueryKey>;
  success?: (t: AdminT, result: R, variables: V) => ToastText | null;
  /** The failure toast's title; the server's message is its text. */
  failure: (t: AdminT) => string;
  /** The failure toast's text in the admin's language, where the error says enough; else the server's message. */
  failureText?: (t: AdminT, error: unknown) => string | null;
}

export function createMutation<V, R>(options: MutationOptions<V, R>) {
  return function useAdminMutation(callbacks: { onSuccess?: (result: R, variables: V) => void } = {}) {
    const api = useApi();
    const queryClient = useQueryClient();
    const show = useToastStore((state) => state.show);
    const { t, lang } = useAdminCopy();
    return useMutation({
      mutationFn: (variables: V) => options.call(api, variables),
      onSuccess: async (result, variables) => {
        await Promise.all(options.invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
        const toast = options.success?.(t, result, variables);
        if (toast) show({ ...toast, variant: "default" });
        callbacks.onSuccess?.(result, variables);
      },
      onError: (error) => {
        // The services answer in English: another language says what kind of failure it was instead.
        const description =
          options.failureText?.(t, error) ?? (lang === "en" ? serverMessage(error) : failureKind(t, error));
        show({ title: options.failure(t), description, variant: "destructive" });
        if (isUnauthorized(error)) queryClient.setQueryData(queryKeys.session(), null);
      },
    });
  };
}

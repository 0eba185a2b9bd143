import type { ApiClient } from "@rsv/api/client";
import { createContext, useContext, type ReactNode } from "react";

export type { ApiClient };

const ApiContext = createContext<ApiClient | null>(null);

export function ApiProvider({ client, children }: { client: ApiClient; children: ReactNode }) {
  return <ApiContext.Provider value={client}>{children}</ApiContext.Provider>;
}

export function useApi(): ApiClient {
  const client = useContext(ApiContext);
  if (!client) throw new Error("useApi outside ApiProvider");
  return client;
}

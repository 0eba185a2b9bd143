import { createContext, useContext, type ReactNode } from "react";

/**
 * The visitor's country (two letters, or null when neither the edge nor the browser says), which picks
 * the market whose offers the pages show. The server reads it from the request; the browser takes the
 * value the server rendered with from the page's state, so hydration and later pages agree with it.
 */
const VisitorCountryContext = createContext<string | null>(null);

export function VisitorProvider({ country, children }: { country: string | null; children: ReactNode }) {
  return <VisitorCountryContext.Provider value={country}>{children}</VisitorCountryContext.Provider>;
}

export function useVisitorCountry(): string | null {
  return useContext(VisitorCountryContext);
}

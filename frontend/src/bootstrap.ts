import type { DehydratedState } from "@tanstack/react-query";

export const bootstrapScriptId = "rsv-bootstrap";

/** What the server hands to the browser next to the HTML. */
export interface Bootstrap {
  origin: string;
  /** The country the page was rendered for: the browser keeps showing that market's offers. */
  country: string | null;
  state: DehydratedState;
}

import type { DehydratedState } from "@tanstack/react-query";

export const bootstrapScriptId = "rsv-bootstrap";

/** What the server hands to the browser next to the HTML. */
export interface Bootstrap {
  origin: string;
  state: DehydratedState;
}

import type { DehydratedState } from "@tanstack/react-query";
import type { Lang } from "./routes.js";

export const bootstrapScriptId = "rsv-bootstrap";

/** What the server hands to the browser next to the HTML. */
export interface Bootstrap {
  origin: string;
  /** The country the page was rendered for: the browser keeps showing that market's offers. */
  country: string | null;
  /** On /admin, the dashboard's language the request's cookie named (null: none, the default): the browser hydrates in it. */
  adminLang: Lang | null;
  state: DehydratedState;
}

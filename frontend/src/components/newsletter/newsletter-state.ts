/** Where the form posts when JavaScript is off, and the query parameter that reports the outcome. */
export const newsletterFormPath = "/newsletter";
export const newsletterOutcomeParam = "newsletter";

export type NewsletterStatus = "idle" | "pending" | "success" | "failure";

export interface NewsletterState {
  email: string;
  status: NewsletterStatus;
}

export type NewsletterAction =
  { type: "edit"; email: string } | { type: "submit" } | { type: "succeeded" } | { type: "failed" };

export const initialNewsletterState: NewsletterState = { email: "", status: "idle" };

/** The check before sending: a non-empty value containing "@". */
export function isSendableEmail(email: string): boolean {
  return email.trim().length > 0 && email.includes("@");
}

/** idle → pending → success (field reset) or failure (field kept for correction). */
export function newsletterReducer(state: NewsletterState, action: NewsletterAction): NewsletterState {
  switch (action.type) {
    case "edit":
      return { email: action.email, status: state.status === "pending" ? "pending" : "idle" };
    case "submit":
      return state.status === "pending" ? state : { ...state, status: "pending" };
    case "succeeded":
      return state.status === "pending" ? { email: "", status: "success" } : state;
    case "failed":
      return state.status === "pending" ? { ...state, status: "failure" } : state;
  }
}

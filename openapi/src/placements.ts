import type { Schemas } from "./client.js";

/** Where on the site an affiliate link was followed: the `from` of /go links, recorded with the click. */
export type Placement = Schemas["Placement"];

export const PLACEMENTS: readonly Placement[] = [
  "comparison-table",
  "comparison-card",
  "review",
  "home",
  "chat",
  "exit-popup",
  "landing",
  "newsletter",
  "other",
];

/** A link's `from` as the contract names placements: any other value is "other", none is null. */
export function placementOf(value: string | undefined | null): Placement | null {
  if (!value) return null;
  return (PLACEMENTS as readonly string[]).includes(value) ? (value as Placement) : "other";
}

import { describe, expect, it } from "vitest";
import {
  initialNewsletterState,
  isSendableEmail,
  newsletterReducer,
  type NewsletterAction,
} from "./newsletter-state.js";

function run(...actions: NewsletterAction[]) {
  return actions.reduce(newsletterReducer, initialNewsletterState);
}

describe("newsletter form", () => {
  it("sends only a non-empty value containing @", () => {
    expect(isSendableEmail("")).toBe(false);
    expect(isSendableEmail("   ")).toBe(false);
    expect(isSendableEmail("reader.example.com")).toBe(false);
    expect(isSendableEmail("reader@example.com")).toBe(true);
  });

  it("goes idle → pending → success and resets the field", () => {
    expect(run({ type: "edit", email: "a@b.co" })).toEqual({ email: "a@b.co", status: "idle" });
    expect(run({ type: "edit", email: "a@b.co" }, { type: "submit" })).toEqual({ email: "a@b.co", status: "pending" });
    expect(run({ type: "edit", email: "a@b.co" }, { type: "submit" }, { type: "succeeded" })).toEqual({
      email: "",
      status: "success",
    });
  });

  it("goes pending → failure and keeps the address for correction", () => {
    expect(run({ type: "edit", email: "a@b" }, { type: "submit" }, { type: "failed" })).toEqual({
      email: "a@b",
      status: "failure",
    });
  });

  it("ignores outcomes that arrive when nothing is pending, and editing after an outcome returns to idle", () => {
    expect(run({ type: "succeeded" })).toEqual(initialNewsletterState);
    const failed = run({ type: "edit", email: "a@b" }, { type: "submit" }, { type: "failed" });
    expect(newsletterReducer(failed, { type: "edit", email: "a@b.co" })).toEqual({ email: "a@b.co", status: "idle" });
  });
});

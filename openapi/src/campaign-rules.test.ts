import { describe, expect, it } from "vitest";
import { scheduleProblem } from "./campaign-rules.js";

describe("when a campaign may be scheduled", () => {
  const now = new Date("2026-11-27T12:00:00Z");
  it("takes a time ahead, or one just passed (meaning now)", () => {
    expect(scheduleProblem(new Date("2026-11-27T13:00:00Z"), now)).toBeNull();
    expect(scheduleProblem(new Date("2026-11-27T11:56:00Z"), now)).toBeNull();
    expect(scheduleProblem(new Date("2027-11-28T11:00:00Z"), now)).toBeNull();
  });

  it("refuses a time long passed, more than 366 days ahead, or none Date can read", () => {
    expect(scheduleProblem(new Date("2026-11-27T11:54:00Z"), now)).toBe("past");
    expect(scheduleProblem(new Date("2025-11-27T13:00:00Z"), now)).toBe("past");
    expect(scheduleProblem(new Date("2027-11-29T12:00:00Z"), now)).toBe("tooFar");
    // RFC 3339 allows a leap second; Date does not.
    expect(scheduleProblem(new Date("2026-12-31T23:59:60Z"), now)).toBe("invalid");
  });
});

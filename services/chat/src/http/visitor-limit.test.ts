import type { Context } from "koa";
import { describe, expect, it } from "vitest";
import { HttpError } from "@rsv/kit";
import { visitorLimit } from "./visitor-limit.js";

const from = (ips: string[], ip = "10.0.0.1") => ({ ips, ip }) as unknown as Context;

describe("chat messages per visitor", () => {
  it("refuses messages over the budget with 429 and a retry delay", async () => {
    const withinLimit = visitorLimit(3);
    for (let i = 0; i < 3; i++) await withinLimit(from(["203.0.113.7"]));
    const refused = await withinLimit(from(["203.0.113.7"])).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).status).toBe(429);
    expect(Number((refused as HttpError).headers["Retry-After"])).toBeGreaterThan(0);
  });

  it("counts by the address nginx saw, whatever the client put first", async () => {
    const withinLimit = visitorLimit(2);
    await withinLimit(from(["1.1.1.1", "203.0.113.9"]));
    await withinLimit(from(["2.2.2.2", "203.0.113.9"]));
    await expect(withinLimit(from(["3.3.3.3", "203.0.113.9"]))).rejects.toBeInstanceOf(HttpError);
    await expect(withinLimit(from(["203.0.113.10"]))).resolves.toBeUndefined();
  });
});

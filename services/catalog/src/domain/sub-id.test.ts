import { describe, expect, it } from "vitest";
import { applySubIdTemplate, checkSubIdTemplate, SUB_ID_TEMPLATE_MAX } from "./sub-id.js";

const values = { clickId: "0b6c3c1e-4a61-4c2e-9a55-1d1f0f7b2a10", product: "alpha plus", offerId: "7", market: "ES" };
const messages = (template: string) => checkSubIdTemplate(template).map((d) => d.message);

describe("sub-ID templates", () => {
  it("accepts one or more name=value parameters with {clickId}", () => {
    expect(checkSubIdTemplate("subid={clickId}")).toEqual([]);
    expect(checkSubIdTemplate("clickref={clickId}&pubref=rsv")).toEqual([]);
    expect(checkSubIdTemplate("u1={product}-{clickId}&m={market}&o={offerId}&tag=a%20b")).toEqual([]);
  });

  it("refuses templates without {clickId}, with unknown placeholders or that are not a query", () => {
    expect(messages("subid=rsv")).toEqual(["The template must contain {clickId}"]);
    expect(messages("subid={clickId}&x={visitor}")[0]).toMatch(/Unknown placeholder \{visitor\}/);
    expect(messages("?subid={clickId}")[0]).toMatch(/without \? or &/);
    expect(messages("subid={clickId}&&x=1")[0]).toMatch(/is not name=value/);
    expect(messages("{clickId}")[0]).toMatch(/is not name=value/);
    expect(messages("subid={clickId}&subid=2")).toEqual(["The parameter subid appears twice"]);
    expect(messages("subid={clickId} x")[0]).toMatch(/No spaces/);
    expect(messages("subid={clickId}#top")[0]).toMatch(/No #/);
    expect(messages('subid={clickId}&r=a"b')[0]).toMatch(/percent-encode/);
    expect(messages("subid={clickId}&r=%zz")[0]).toMatch(/percent-encode/);
    expect(messages(`subid={clickId}&p=${"x".repeat(SUB_ID_TEMPLATE_MAX)}`)[0]).toMatch(/At most/);
    expect(checkSubIdTemplate("x", "body.t")[0]?.path).toBe("body.t");
  });

  it("names each problem with a stable reason, for the admin to say in its own words", () => {
    const reasons = (template: string) => checkSubIdTemplate(template).map((d) => d.reason);
    expect(reasons("subid=rsv")).toEqual(["subid_click_id_missing"]);
    expect(reasons("subid={clickId}&x={visitor}")).toEqual(["subid_unknown_placeholder"]);
    expect(reasons("?subid={clickId}")).toEqual(["subid_leading_separator"]);
    expect(reasons("{clickId}")).toEqual(["subid_not_pair"]);
    expect(reasons("subid={clickId}&subid=2")).toEqual(["subid_name_twice"]);
    expect(reasons("subid={clickId} x")).toEqual(["subid_space"]);
    expect(reasons("subid={clickId}#top")).toEqual(["subid_hash"]);
    expect(reasons('subid={clickId}&r=a"b')).toEqual(["subid_unsafe_value"]);
    expect(reasons(`subid={clickId}&p=${"x".repeat(SUB_ID_TEMPLATE_MAX)}`)).toEqual(["subid_too_long"]);
  });

  it("merges the parameters into the address, replacing a same-named one and keeping the rest as it was", () => {
    expect(applySubIdTemplate("https://shop.example/p/1", "subid={clickId}", values)).toBe(
      `https://shop.example/p/1?subid=${values.clickId}`,
    );
    expect(
      applySubIdTemplate("https://shop.example/p?a=1&subid=old&b=x%20y#reviews", "subid={clickId}&pubref=rsv", values),
    ).toBe(`https://shop.example/p?a=1&b=x%20y&subid=${values.clickId}&pubref=rsv#reviews`);
    expect(applySubIdTemplate("https://shop.example/p?", "u={product}&m={market}&o={offerId}", values)).toBe(
      "https://shop.example/p?u=alpha%20plus&m=ES&o=7",
    );
  });
});

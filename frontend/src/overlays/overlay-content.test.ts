import { describe, expect, it } from "vitest";
import type { ChatProduct } from "@rsv/api/client";
import type { Product } from "../api/queries.js";
import { replyParts } from "./chat/reply-text.js";
import { createI18n } from "../i18n/create-i18n.js";
import { resources } from "../i18n/resources.js";
import { couponLine, offeredProduct, popupDescriptionLength, truncate } from "./exit-popup.js";

const product = (id: number, placement: number | null, isTopRanked = false) =>
  ({ id, placement, isTopRanked, name: `P${id}` }) as Product;

describe("exit popup content", () => {
  it("offers the top-ranked product, else the lowest placement, else nothing", () => {
    expect(offeredProduct([product(1, 1), product(2, 5, true)])?.id).toBe(2);
    expect(offeredProduct([product(1, 7), product(2, 3), product(3, null)])?.id).toBe(2);
    expect(offeredProduct([product(1, null)])).toBeNull();
    expect(offeredProduct([])).toBeNull();
    expect(offeredProduct(undefined)).toBeNull();
  });

  it("calls it a deal only with a coupon, naming its code and discount in the page's language", () => {
    const t = createI18n("es", resources).getFixedT("es", "overlays");
    expect(couponLine({ couponCode: null, couponDiscount: "10 %" }, t)).toBeNull();
    expect(couponLine({ couponCode: "  ", couponDiscount: null }, t)).toBeNull();
    expect(couponLine({ couponCode: "VID10", couponDiscount: "10 % de descuento" }, t)).toBe(
      "10 % de descuento extra con el código VID10",
    );
    expect(couponLine({ couponCode: "VID10", couponDiscount: null }, t)).toBe("Ahorro extra con el código VID10");
  });

  it("cuts the description at 150 characters", () => {
    expect(truncate("short")).toBe("short");
    const long = "a".repeat(200);
    expect(truncate(long)).toBe(`${"a".repeat(popupDescriptionLength)}…`);
  });
});

describe("chat reply links", () => {
  it("links paths of this site's pages, named by their paths when nothing else names them, and leaves everything else as text", () => {
    expect(
      replyParts("Read /review/vita-500. More: /david-sinclair-protocol or /es/investigacion/nad. 4.5/5 at /nope/x/y"),
    ).toEqual([
      { text: "Read " },
      { path: "/review/vita-500", name: "/review/vita-500" },
      { text: ". More: " },
      { path: "/david-sinclair-protocol", name: "/david-sinclair-protocol" },
      { text: " or " },
      { path: "/es/investigacion/nad", name: "/es/investigacion/nad" },
      { text: ". 4.5/5 at /nope/x/y" },
    ]);
  });

  it("names a link after its page: a reply's article or product, else the page's name in the path's language", () => {
    const names = {
      products: [{ slug: "vita-500", name: "Vita 500" } as ChatProduct],
      articles: [{ title: "NAD+ y resveratrol", link: "/es/investigacion/nad" }],
      page: (key: string, lang: string) => `${key} (${lang})`,
    };
    const links = replyParts(
      "/es/resena/vita-500 /es/investigacion/nad /blog/nad /es/guia-longevidad /es /product/7",
      names,
    );
    expect(links.filter((part) => "path" in part).map((part) => part.name)).toEqual([
      "Vita 500",
      "NAD+ y resveratrol",
      "/blog/nad",
      "longevityGuide (es)",
      "home (es)",
      "/product/7",
    ]);
  });

  it("never turns markup into elements", () => {
    expect(replyParts('<img src=x onerror="alert(1)">')).toEqual([{ text: '<img src=x onerror="alert(1)">' }]);
  });
});

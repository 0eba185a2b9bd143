// @vitest-environment jsdom
import type { ChatProduct } from "@rsv/api/client";
import { cleanup, render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it } from "vitest";
import { createI18n } from "../../i18n/create-i18n.js";
import en from "../../i18n/locales/en/common.json";
import es from "../../i18n/locales/es/common.json";
import { resources } from "../../i18n/resources.js";
import { renderAt } from "../../test/render-with-providers.js";
import { ReplyText } from "./reply-text.js";

afterEach(cleanup);

const vita: ChatProduct = {
  id: 1,
  slug: "vita-500",
  name: "Vita 500",
  brand: "Vita",
  imageUrl: "/api/images/vita.png",
  rating: "4.5",
  reviewCount: 10,
  price: "20.00",
  currency: "USD",
  potency: "500mg",
  bestFor: "Longevity",
};

const links = () => screen.getAllByRole("link").map((link) => [link.textContent, link.getAttribute("href")]);

describe("chat reply text", () => {
  it("names each link after its page: the article's title, the reviewed product, the page's own name", () => {
    const text = [
      'From our article "Resveratrol and NAD+":',
      "Read more: /blog/resveratrol-and-nad",
      "Vita 500: /review/vita-500. More: /david-sinclair-protocol",
    ].join("\n");
    const articles = [{ title: "Resveratrol and NAD+", link: "/blog/resveratrol-and-nad" }];
    renderAt(<ReplyText text={text} products={[vita]} articles={articles} />);
    expect(links()).toEqual([
      ["Resveratrol and NAD+", "/blog/resveratrol-and-nad"],
      ["Vita 500", "/review/vita-500"],
      [en.routes.davidSinclairProtocol, "/david-sinclair-protocol"],
    ]);
    expect(screen.getByText(/Read more:/).textContent).toContain("Read more: Resveratrol and NAD+");
  });

  it("names a Spanish reply's links in Spanish", () => {
    const text =
      "Más información: /es/investigacion/resveratrol-y-nad\n/es/resena/vita-500 /es/protocolo-david-sinclair";
    const articles = [{ title: "Resveratrol y NAD+", link: "/es/investigacion/resveratrol-y-nad" }];
    renderAt(<ReplyText text={text} products={[vita]} articles={articles} />, "/es");
    expect(links()).toEqual([
      ["Resveratrol y NAD+", "/es/investigacion/resveratrol-y-nad"],
      ["Vita 500", "/es/resena/vita-500"],
      [es.routes.davidSinclairProtocol, "/es/protocolo-david-sinclair"],
    ]);
  });

  it("keeps a link's path when the reply does not say what is there", () => {
    renderAt(<ReplyText text="See /blog/unknown-article and /review/other-product." products={[vita]} articles={[]} />);
    expect(links()).toEqual([
      ["/blog/unknown-article", "/blog/unknown-article"],
      ["/review/other-product", "/review/other-product"],
    ]);
  });

  it("names an English reply's page links on a Spanish page once the English copy has loaded", async () => {
    // The browser starts with its page's language only.
    const i18n = createI18n("es", { es: resources.es });
    render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={["/es"]}>
          <ReplyText text="More: /david-sinclair-protocol" />
        </MemoryRouter>
      </I18nextProvider>,
    );
    expect(await screen.findByRole("link", { name: en.routes.davidSinclairProtocol })).toHaveProperty(
      "pathname",
      "/david-sinclair-protocol",
    );
  });

  it("shows markup in the reply and in a title as text, never as elements", () => {
    const title = '<img src=x onerror="alert(1)">';
    const { container } = renderAt(
      <ReplyText text={`${title} Read more: /blog/markup`} articles={[{ title, link: "/blog/markup" }]} />,
    );
    expect(container.querySelector("img")).toBeNull();
    expect(links()).toEqual([[title, "/blog/markup"]]);
    expect(container.textContent).toBe(`${title} Read more: ${title}`);
  });
});

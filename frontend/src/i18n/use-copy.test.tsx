// @vitest-environment jsdom
import { cleanup, render } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it } from "vitest";
import { createI18n } from "./create-i18n.js";
import { resources } from "./resources.js";
import { useCopy } from "./use-lang.js";

afterEach(cleanup);

function Copy({ name, count }: { name: string; count?: number }) {
  const { t } = useCopy();
  return <p>{count === undefined ? t(name) : t(name, { count })}</p>;
}

function renderWith(i18n: ReturnType<typeof createI18n>, ui: React.ReactElement, path = "/") {
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </I18nextProvider>,
  );
}

describe("useCopy's remembered strings", () => {
  it("answers each language and each variable apart", () => {
    const i18n = createI18n("en", resources);
    expect(renderWith(i18n, <Copy name="product.reviewCount" count={1} />).container.textContent).toBe(
      i18n.getFixedT("en")("product.reviewCount", { count: 1 }),
    );
    cleanup();
    expect(renderWith(i18n, <Copy name="product.reviewCount" count={7} />).container.textContent).toBe(
      i18n.getFixedT("en")("product.reviewCount", { count: 7 }),
    );
    cleanup();
    const spanish = renderWith(i18n, <Copy name="product.buyNow" />, "/es").container.textContent;
    cleanup();
    const english = renderWith(i18n, <Copy name="product.buyNow" />).container.textContent;
    expect(spanish).toBe(i18n.getFixedT("es")("product.buyNow"));
    expect(english).toBe(i18n.getFixedT("en")("product.buyNow"));
    expect(spanish).not.toBe(english);
  });

  it("forgets what it remembered when copy is added later", () => {
    const i18n = createI18n("en", resources);
    expect(renderWith(i18n, <Copy name="later.added" />).container.textContent).toBe("later.added");
    cleanup();
    i18n.addResourceBundle("en", "common", { later: { added: "Added later" } }, true, true);
    expect(renderWith(i18n, <Copy name="later.added" />).container.textContent).toBe("Added later");
  });
});

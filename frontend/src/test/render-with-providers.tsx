import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter } from "react-router-dom";
import { createI18n } from "../i18n/create-i18n.js";
import { resources } from "../i18n/resources.js";
import { langFromPath } from "../routes.js";

/** Renders a component as it appears at `path`, with the copy of that path's language. */
export function renderAt(ui: ReactElement, path = "/") {
  const i18n = createI18n(langFromPath(path), resources);
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </I18nextProvider>,
  );
}

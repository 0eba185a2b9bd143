import { describe, expect, it } from "vitest";
import { adminT } from "../admin-copy.testing.js";
import { fieldLabel, serviceLabel } from "./field-label.js";

describe("the activity log's labels", () => {
  it("names the service that recorded an event in words, keeping the name its logs use", () => {
    expect(serviceLabel(adminT("en"), "auth")).toBe("Recorded by the accounts service (auth)");
    expect(serviceLabel(adminT("es"), "catalog")).toBe("Registrado por el servicio de catálogo (catalog)");
  });

  it("names every service of the site in both languages", () => {
    const services = ["analytics", "auth", "catalog", "chat", "content", "media", "newsletter"];
    for (const lang of ["en", "es"] as const) {
      const t = adminT(lang);
      for (const service of services) expect(t(`audit.services.${service}`, { defaultValue: "" })).not.toBe("");
    }
  });

  it("names a field as the entity's own form does: a page's title is its heading", () => {
    expect(fieldLabel(adminT("en"), "title", "page")).toBe("Heading");
    expect(fieldLabel(adminT("es"), "title", "page")).toBe("Encabezado");
    expect(fieldLabel(adminT("en"), "title", "post")).toBe("Title");
    expect(fieldLabel(adminT("en"), "title")).toBe("Title");
    expect(fieldLabel(adminT("en"), "translations.es.title", "page")).toBe("Translations › Spanish › Title");
  });

  it("shows a service it does not know by its name", () => {
    expect(serviceLabel(adminT("es"), "billing")).toBe("Registrado por el servicio de billing (billing)");
  });
});

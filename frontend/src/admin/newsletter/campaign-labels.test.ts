import { describe, expect, it } from "vitest";
import { adminT } from "../admin-copy.testing.js";
import { productCard } from "./campaigns-view.js";

/** How each admin language names each version's language in the campaign editor's labels. */
const named = {
  en: { en: "(English)", es: "(Spanish)" },
  es: { en: "(inglés)", es: "(español)" },
} as const;

describe("the campaign editor's labels", () => {
  for (const admin of ["en", "es"] as const) {
    it(`name each version's language one way, in the ${admin} admin's own words`, () => {
      const t = adminT(admin);
      for (const lang of ["en", "es"] as const) {
        const labels = [
          t(`campaigns.subject.${lang}`),
          t(`campaigns.body.${lang}`),
          t(`campaigns.preview.${lang}`),
          t(`campaigns.productIn.${lang}`),
          t(`campaigns.insertProductIn.${lang}`),
        ];
        for (const label of labels)
          expect(label, label).toMatch(new RegExp(`\\S ${named[admin][lang].replace(/[()]/g, "\\$&")}$`));
        // The test's version picker and the subscriber list name it the same way, capitalised alone.
        expect(t(`newsletter.languages.${lang}`).toLowerCase()).toBe(named[admin][lang].slice(1, -1).toLowerCase());
      }
      // Neither admin language names a language in the other's words (no "Español" in the English admin).
      const other = admin === "en" ? /español|inglés/i : /english|spanish/i;
      for (const key of ["productIn", "insertProductIn", "subject", "body", "preview"])
        for (const lang of ["en", "es"]) expect(t(`campaigns.${key}.${lang}`)).not.toMatch(other);
    });

    it(`tells the ${admin} admin the message is Markdown with HTML, which the product card is`, () => {
      const t = adminT(admin);
      const card = productCard({ name: "Corvella", slug: "corvella", imageUrl: "/img/c.png", rating: "4.5" }, "en");
      expect(card.trim()).toMatch(/^<table>.*<\/table>$/);
      for (const lang of ["en", "es"] as const) {
        const hint = t(`campaigns.bodyHint.${lang}`);
        expect(hint).toMatch(/^Markdown/);
        expect(hint).toContain("HTML");
        expect(hint).toContain(t("campaigns.insertProduct"));
      }
    });
  }
});

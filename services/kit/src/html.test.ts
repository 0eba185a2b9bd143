import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { dangerousMarkup } from "../../../frontend/e2e/fixtures/xss-audit.js";
import { xssPayloads } from "../../../frontend/e2e/fixtures/xss-payloads.js";
import { sanitizeRichHtml } from "./html.js";

describe("sanitizeRichHtml", () => {
  it("keeps ordinary article markup", () => {
    const html =
      '<h2>Dose</h2><p>Take <strong>500mg</strong> with <a href="https://example.org/study" target="_blank" rel="noopener noreferrer">food</a>.</p>' +
      '<figure><img src="/api/images/a.png" alt="Capsules" /><figcaption>Capsules</figcaption></figure>' +
      '<table><thead><tr><th scope="col">Brand</th></tr></thead><tbody><tr><td>A</td></tr></tbody></table>';
    expect(sanitizeRichHtml(html)).toBe(html);
  });

  it("drops ids and classes, which could clobber the page's own elements", () => {
    expect(sanitizeRichHtml('<div id="rsv-bootstrap" class="fixed inset-0" lang="es">x</div>')).toBe(
      '<div lang="es">x</div>',
    );
  });

  it("holds a corpus of at least 100 distinct payloads", () => {
    expect(new Set(xssPayloads.map((payload) => payload.html)).size).toBe(xssPayloads.length);
    expect(xssPayloads.length).toBeGreaterThanOrEqual(100);
  });

  // The browser test puts many payloads in one field; only an open-ended one may hide what follows.
  it.each(xssPayloads.filter((payload) => !payload.open))("payload $id keeps what follows it", ({ html }) => {
    expect(sanitizeRichHtml(`${html}<p>after</p>`)).toContain("<p>after</p>");
  });

  describe.each(xssPayloads)("payload $id ($group)", ({ html }) => {
    const once = sanitizeRichHtml(html);

    it("leaves nothing that can run script, navigate or clobber", () => {
      expect(dangerousMarkup(JSDOM.fragment(once), true)).toEqual([]);
    });

    it("is idempotent: sanitising the stored HTML again changes nothing", () => {
      expect(sanitizeRichHtml(once)).toBe(once);
    });
  });
});

import { describe, expect, it } from "vitest";
import { sanitizeHtml } from "./sanitize-html.js";

describe("sanitizeHtml", () => {
  it("keeps ordinary article markup", () => {
    const html =
      '<h2>Dose</h2><p>Take <strong>500mg</strong> with <a href="https://example.org/study">food</a>.</p><ul><li>one</li></ul>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it("drops scripts, event handlers and javascript: URLs", () => {
    expect(sanitizeHtml('<p onclick="x()">Hi<script>alert(1)</script></p>')).toBe("<p>Hi</p>");
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe("<a>x</a>");
    expect(sanitizeHtml('<a href="jav&#x61;script:alert(1)">x</a>')).toBe("<a>x</a>");
    expect(sanitizeHtml('<img src=x onerror="alert(1)">')).toBe('<img src="x">');
    expect(sanitizeHtml("<iframe src=//evil></iframe><style>p{}</style>ok")).toBe("ok");
  });

  it("escapes stray angle brackets and closes open tags", () => {
    expect(sanitizeHtml("a < b <p>open")).toBe("a &lt; b <p>open</p>");
    expect(sanitizeHtml("<svg><script>1</script></svg>after")).toBe("after");
  });

  it("adds noopener to links opening a new tab", () => {
    expect(sanitizeHtml('<a href="/x" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="/x" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });
});

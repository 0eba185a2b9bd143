import { describe, expect, it } from "vitest";
import {
  HeaderInjection,
  assertHeaderSafe,
  senderOf,
  campaignLink,
  campaignMessage,
  confirmationMessage,
  renderCampaignHtml,
  renderCampaignText,
  testMessage,
  testTokenLanguage,
  testUnsubscribeToken,
  versionFor,
} from "./email.js";
import { isOneClickBody, testUnsubscribePage, unsubscribePage } from "./pages.js";
import { backoff, classifySmtpError } from "./smtp.js";
import { sourcePathOf } from "./subscriber.js";

const links = { origin: "https://reviews.example.com", siteName: "Vinetree Reviews" };
const campaign = {
  id: 42,
  subject: { en: "News", es: "" },
  body: { en: "Read [the best](/go/best-one) and [a guide](/longevity-guide).", es: "" },
};

describe("newsletter emails", () => {
  it("confirms in the page's language, with both parts and the RFC 8058 headers", () => {
    const message = confirmationMessage(links, {
      to: "ana@example.org",
      lang: "es",
      token: "tok",
      unsubscribeToken: "unsub",
      subscriberId: 1,
    });
    // Named as the owner named the site (its settings), not as the code once did.
    expect(message.subject).toBe("Confirma tu suscripción a Vinetree Reviews");
    expect(message.html).not.toContain("Resveratrol Reviews");
    expect(message.headers).toEqual({
      "Content-Language": "es",
      "List-Unsubscribe": "<https://reviews.example.com/api/newsletter/unsubscribe/unsub>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(message.html).toContain('<html lang="es">');
    expect(message.html).toContain("https://reviews.example.com/api/newsletter/confirm/tok");
    expect(message.text).toContain("https://reviews.example.com/api/newsletter/confirm/tok");
    expect(message.text).toContain("https://reviews.example.com/api/newsletter/unsubscribe/unsub");
    // Nobody has subscribed yet: the footer does not say they did.
    expect(message.text).toContain("porque se escribió esta dirección para suscribirse");
    expect(message.html).not.toContain("porque te suscribiste");
  });

  it("sends English where the subscriber's language has no version", () => {
    expect(versionFor(campaign, "es")).toMatchObject({ lang: "en", subject: "News" });
    const message = campaignMessage(links, campaign, { email: "b@example.org", lang: "es", unsubscribeToken: "u" });
    expect(message.headers["Content-Language"]).toBe("en");
  });

  it("tags the site's /go/ links with the campaign and makes site links absolute", () => {
    const html = renderCampaignHtml(links, campaign.body.en, 42);
    expect(html).toContain('href="https://reviews.example.com/go/best-one?c=42"');
    expect(html).toContain('href="https://reviews.example.com/longevity-guide"');
    expect(campaignLink(links, "https://elsewhere.example/go/x", 42)).toBe("https://elsewhere.example/go/x");
    expect(renderCampaignHtml(links, "<script>alert(1)</script><img src=x onerror=alert(1)>", 1)).not.toMatch(
      /script|onerror/,
    );
  });

  it("keeps a product card's link and words apart in the plain-text part", () => {
    const card =
      '\n<table><tr><td><img src="/img/c.png" alt="Corvella &lt;1000&gt;" width="120"></td><td><a href="/go/corvella-1000"><strong>Corvella &lt;1000&gt;</strong></a><br>★ 4.9</td></tr></table>\n';
    const text = renderCampaignText(links, `Our pick:${card}`, 42);
    expect(text).toContain("Corvella <1000> (https://reviews.example.com/go/corvella-1000?c=42) ★ 4.9");
    expect(text).not.toMatch(/<\/?(?:table|tr|td|a|strong|img|br)\b|&lt;/);
  });

  it("writes an outside link's quotes and ampersands escaped once, as a browser reads them back", () => {
    const html = renderCampaignHtml(links, `<a href='https://elsewhere.example/s?q="a"&amp;b=<1>'>x</a>`, 42);
    expect(html).toContain('href="https://elsewhere.example/s?q=&quot;a&quot;&amp;b=&lt;1&gt;"');
    // Text that is itself an escape stays one: "&amp;quot;" is the characters &quot;.
    expect(renderCampaignHtml(links, `<a href="https://elsewhere.example/s?q=&amp;quot;">x</a>`, 1)).toContain(
      'href="https://elsewhere.example/s?q=&amp;quot;"',
    );
  });

  it("refuses a line break bound for a header", () => {
    expect(() => assertHeaderSafe("subject", "a\r\nBcc: x@example.org")).toThrow(HeaderInjection);
    expect(() =>
      campaignMessage(
        links,
        { ...campaign, subject: { en: "Hi\nBcc: x", es: "" } },
        {
          email: "c@example.org",
          lang: "en",
          unsubscribeToken: "u",
        },
      ),
    ).toThrow(HeaderInjection);
    expect(sourcePathOf("/es/faq")).toBe("/es/faq");
    for (const path of ["//evil.example", "https://evil.example/", "/a\r\nb", "/a\\b", undefined])
      expect(sourcePathOf(path), String(path)).toBeNull();
  });

  it("shows a button, posting the one-click body, on the unsubscribe page", () => {
    const page = unsubscribePage("en", "Vinetree Reviews", "abc");
    expect(page).toContain('<form method="post" action="abc">');
    expect(page).toContain('name="List-Unsubscribe" value="One-Click"');
    expect(page).not.toContain("<script");
    expect(isOneClickBody("application/x-www-form-urlencoded", "List-Unsubscribe=One-Click")).toBe(true);
    expect(isOneClickBody("application/x-www-form-urlencoded", "List-Unsubscribe=Other")).toBe(false);
    const multipart = '--b\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--b--\r\n';
    expect(isOneClickBody("multipart/form-data; boundary=b", multipart)).toBe(true);
  });

  it("gives a test message an unsubscribe link of its own, in the language of the version it carries", () => {
    const both = { ...campaign, subject: { en: "News", es: "Noticias" }, body: { en: "Hello", es: "Hola" } };
    const spanish = testMessage(links, both, { email: "owner@example.org", lang: "es" });
    const link = "https://reviews.example.com/api/newsletter/unsubscribe/test-message-no-subscriber-es";
    expect(spanish.subject).toBe("[Prueba] Noticias");
    expect(spanish.kind).toBe("test");
    expect(spanish.headers["List-Unsubscribe"]).toBe(`<${link}>`);
    expect(spanish.html).toContain(`href="${link}"`);
    expect(spanish.text).toContain(link);
    // Without a Spanish version the message is the English one, and so is its link's page.
    const fallback = testMessage(links, campaign, { email: "owner@example.org", lang: "es" });
    expect(fallback.headers["List-Unsubscribe"]).toContain("/unsubscribe/test-message-no-subscriber-en>");
    // A test's token is never a subscriber's (43 base64url characters), and names its language.
    expect(testTokenLanguage(testUnsubscribeToken("es"))).toBe("es");
    expect(testTokenLanguage(testUnsubscribeToken("en"))).toBe("en");
    expect(testTokenLanguage("test-message-no-subscriber")).toBeUndefined();
    expect(testUnsubscribeToken("en")).not.toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("tells whoever follows a test message's unsubscribe link that it was a test, in its language", () => {
    const english = testUnsubscribePage("en", "Vinetree Reviews");
    expect(english).toContain('<html lang="en">');
    expect(english).toContain("This was a test message");
    expect(english).toContain("In the real campaign, each reader&#39;s link unsubscribes them");
    expect(english).not.toMatch(/not found|<form/i);
    const spanish = testUnsubscribePage("es", "Vinetree Reviews");
    expect(spanish).toContain('<html lang="es">');
    expect(spanish).toContain("Este era un mensaje de prueba");
    expect(spanish).toContain("En la campaña real, el enlace de cada suscriptor lo da de baja del boletín");
    expect(spanish).toContain("Volver al sitio");
    expect(spanish).not.toMatch(/test message|<form/i);
  });

  it("sorts SMTP refusals: 4xx and lost connections temporary, 5xx at RCPT a bounce", () => {
    expect(classifySmtpError({ responseCode: 451, command: "RCPT TO" }).kind).toBe("temporary");
    expect(classifySmtpError({ code: "ECONNECTION" }).kind).toBe("temporary");
    expect(classifySmtpError({ responseCode: 550, command: "RCPT TO" }).kind).toBe("bounced");
    expect(classifySmtpError({ responseCode: 554, command: "DATA" }).kind).toBe("failed");
    expect([1, 2, 3, 10].map((attempt) => backoff(attempt, 100, 1000))).toEqual([100, 200, 400, 1000]);
  });
});

describe("who a message is from", () => {
  it("names a bare address after the site, quoting what a name may not hold bare", () => {
    expect(senderOf("news@example.com", "Vinetree Longevity Reviews")).toBe(
      '"Vinetree Longevity Reviews" <news@example.com>',
    );
    expect(senderOf(" news@example.com ", 'Reseñas "Vid" \\ Co.')).toBe(
      '"Reseñas \\"Vid\\" \\\\ Co." <news@example.com>',
    );
  });

  it("keeps the name the operator gave, and never lets a site name break the header", () => {
    expect(senderOf("Vinetree <news@example.com>", "Another name")).toBe("Vinetree <news@example.com>");
    expect(senderOf("news@example.com", "Evil\r\nBcc: all@example.com")).toBe(
      '"Evil Bcc: all@example.com" <news@example.com>',
    );
    expect(senderOf("news@example.com", "  ")).toBe("news@example.com");
  });
});

// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import {
  adminLanguageChoice,
  keepStoredChoiceInCookie,
  saveLanguageChoice,
  savedAdminLanguageFromCookie,
  savedLanguageChoice,
  savedLanguageFromCookie,
  siteLanguageChoice,
} from "./language-choice.js";

/** Forgets a choice's cookie, at the path it was set for. */
function forgetCookie(choice: typeof adminLanguageChoice): void {
  window.history.replaceState(null, "", choice.path);
  document.cookie = `${choice.cookie}=; Path=${choice.path}; Max-Age=0`;
}

describe("the language choices the server reads from a request's cookies", () => {
  it("tells the dashboard's choice from the public site's, each by its own cookie", () => {
    const both = "rsv_lang=en; rsv_admin_lang=es";
    expect(savedAdminLanguageFromCookie(both)).toBe("es");
    expect(savedLanguageFromCookie(both)).toBe("en");
    expect(savedAdminLanguageFromCookie("rsv_lang=es")).toBeNull();
    expect(savedLanguageFromCookie("rsv_admin_lang=es")).toBeNull();
    expect(savedAdminLanguageFromCookie("theme=dark;rsv_admin_lang=en;rsv_session=abc")).toBe("en");
  });

  it("reads nothing from another cookie's name or a value that is not one of the languages", () => {
    for (const header of [
      undefined,
      "",
      "not_rsv_admin_lang=es",
      "rsv_admin_lang_old=es",
      "rsv_admin_lang=fr",
      "rsv_admin_lang=esp",
      "rsv_admin_lang",
    ])
      expect(savedAdminLanguageFromCookie(header)).toBeNull();
    expect(savedAdminLanguageFromCookie("rsv_admin_lang=fr; rsv_admin_lang=es")).toBe("es");
  });
});

describe("keeping the dashboard's choice in the browser", () => {
  afterEach(() => {
    forgetCookie(adminLanguageChoice);
    localStorage.clear();
    window.history.replaceState(null, "", "/");
  });

  it("keeps it in storage and in a cookie sent to /admin only", () => {
    window.history.replaceState(null, "", "/admin");
    saveLanguageChoice("es", adminLanguageChoice);
    expect(localStorage.getItem("rsv-admin-lang")).toBe("es");
    expect(savedAdminLanguageFromCookie(document.cookie)).toBe("es");
    expect(savedLanguageChoice(adminLanguageChoice)).toBe("es");
    // The public site's choice is its own.
    expect(savedLanguageChoice(siteLanguageChoice)).toBeNull();
    window.history.replaceState(null, "", "/es");
    expect(savedAdminLanguageFromCookie(document.cookie)).toBeNull();
  });

  it("reads the cookie where storage kept nothing, and storage first", () => {
    window.history.replaceState(null, "", "/admin");
    document.cookie = "rsv_admin_lang=es; Path=/admin";
    expect(savedLanguageChoice(adminLanguageChoice)).toBe("es");
    localStorage.setItem("rsv-admin-lang", "en");
    expect(savedLanguageChoice(adminLanguageChoice)).toBe("en");
  });

  it("copies a choice kept only in storage into the cookie, for the server's next render", () => {
    window.history.replaceState(null, "", "/admin");
    keepStoredChoiceInCookie(adminLanguageChoice);
    expect(savedAdminLanguageFromCookie(document.cookie)).toBeNull();
    localStorage.setItem("rsv-admin-lang", "es");
    keepStoredChoiceInCookie(adminLanguageChoice);
    expect(savedAdminLanguageFromCookie(document.cookie)).toBe("es");
  });
});

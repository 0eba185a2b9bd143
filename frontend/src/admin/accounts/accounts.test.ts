import { describe, expect, it } from "vitest";
import { adminTabs, tabsFor } from "../admin.store.js";
import { invitationTokenOf } from "./accept-invitation.js";

describe("what the admin shows a role", () => {
  it("gives owners every tab and editors none of settings, subscribers or accounts", () => {
    expect(tabsFor("owner")).toEqual(adminTabs);
    expect(tabsFor("editor")).toEqual(["analytics", "products", "offers", "blog", "pages", "images", "account"]);
  });
});

describe("an invitation link's token", () => {
  it("is read from the fragment only when it names an invitation", () => {
    expect(invitationTokenOf("#invitation=abc_DEF-123")).toBe("abc_DEF-123");
    expect(invitationTokenOf("invitation=abc")).toBe("abc");
    for (const hash of ["", "#", "#invitation=", "#other=abc"]) expect(invitationTokenOf(hash)).toBeNull();
  });
});

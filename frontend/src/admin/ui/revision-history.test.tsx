// @vitest-environment jsdom
import type { Revision } from "@rsv/api/client";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { adminCopy } from "../admin-copy.js";
import { renderAdmin, resetAdminUi } from "../admin-render.testing.js";
import { RevisionHistory } from "./revision-history.js";

const page = { title: "Affiliate Disclosure", metaTitle: null, metaDescription: null, body: "Words." };
/** The contract types a snapshot as an object of any fields. */
const snapshot = (values: object) => values as unknown as Revision["snapshot"];
const revisions: Revision[] = [
  {
    id: 2,
    entity: "page",
    entityId: "affiliate-disclosure.en",
    createdAt: "2026-11-27T22:11:00.000Z",
    actor: { id: 1, email: "owner@example.com" },
    restoredFrom: null,
    changed: ["title"],
    snapshot: snapshot({ ...page, title: "Our Affiliate Disclosure" }),
  },
  // Recorded at the first save after history began, of the page as it was then.
  {
    id: 1,
    entity: "page",
    entityId: "affiliate-disclosure.en",
    createdAt: "2026-11-27T22:11:00.000Z",
    actor: null,
    restoredFrom: null,
    changed: [],
    snapshot: snapshot(page),
  },
];

describe("a page's revision history", () => {
  afterEach(() => {
    cleanup();
    resetAdminUi();
  });

  it("names a page's title as its form does, and dates no version found when history began", async () => {
    const copy = adminCopy.en;
    renderAdmin(<RevisionHistory entity="page" entityId="affiliate-disclosure.en" />, {
      answers: (path) => (path.startsWith("/api/revisions/") ? { revisions } : undefined),
    });
    fireEvent.click(screen.getByText(copy.revisions.title));
    const entries = await screen.findAllByTestId("revision");
    expect(entries).toHaveLength(2);
    const newest = entries[0]!.querySelector("summary")!.textContent!;
    expect(newest).toContain(copy.revisions.changed.replace("{{fields}}", copy.audit.entityFields.page.title));
    expect(newest).toContain("owner@example.com");
    expect(newest).toMatch(/2026/);
    const oldest = within(entries[1]!).getByText(copy.revisions.noAuthor);
    expect(oldest.closest("summary")!.textContent).not.toMatch(/2026/);
  });
});

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  AuditChange,
  AuditEvent,
  AuditEventPage,
  BlogPost,
  Campaign,
  ImageInfo,
  LinkCheckSettings,
  Offer,
  Page,
  Product,
  Revision,
  SiteSettings,
  Subscriber,
} from "@rsv/api/client";
import { buildPost, buildProduct } from "@rsv/api/factories";
import { contractOperations, operations } from "@rsv/kit";
import { adminCookie, assertMatchesSpec, call, holdSiteSettings, type ApiResponse } from "@rsv/kit/testing";
import { adminCopy } from "../../frontend/src/admin/admin-copy.js";
import { fieldParts } from "../../frontend/src/admin/audit/audit-view.js";

/**
 * The activity log through the real gateway: every operation the contract marks as an admin write
 * (any method but GET, admin-only security) or an export (`x-audit: export`) is performed as the
 * admin, and its event, found by the request id it was sent with, reaches auth's log whichever
 * service handled it.
 */

const unique = () => randomUUID().slice(0, 8);
/** A 1×1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
/** A template of this run's own, so its event always shows a change. */
const SUB_ID_TEMPLATE = `subid={clickId}&pubref=audit-${unique()}`;
const NEW_PASSWORD = "Violet-Harbour-Quartz-93!";
const OWN_PASSWORD = "amber orchards fold quiet rivers";

/** Product form input from the contract's factory: what the admin's dialog sends. */
function productInput(overrides: Record<string, unknown> = {}) {
  const product = buildProduct({ name: `Audit Resveratrol ${unique()}` });
  return {
    name: product.name,
    brand: product.brand,
    potency: product.potency,
    source: product.source,
    price: String(product.price),
    rating: String(product.rating),
    reviewCount: product.reviewCount,
    imageUrl: product.imageUrl,
    description: product.description,
    bestFor: product.bestFor,
    ...overrides,
  };
}

function postInput(overrides: Record<string, unknown> = {}) {
  const post = buildPost({ title: `Audit article ${unique()}`, excerpt: "An article the activity log's test wrote." });
  return {
    title: post.title,
    excerpt: post.excerpt,
    content: post.content,
    category: post.category,
    imageUrl: post.imageUrl,
    ...overrides,
  };
}

const isAdminOnly = (security: Array<Record<string, string[]>> | undefined) =>
  Array.isArray(security) && security.length > 0 && security.every((entry) => "adminSession" in entry);

/** What the contract says the log records, read from the document itself rather than from the kit. */
const expected = contractOperations()
  .filter((op) => isAdminOnly(op.security))
  .filter((op) => op.method !== "get" || (op as { "x-audit"?: string })["x-audit"] === "export")
  .map((op) => op.operationId!);

interface Step {
  /** The request whose event is looked for. */
  perform(requestId: string): Promise<ApiResponse>;
  /** Fields the event must list as changed. */
  changes?: () => AuditChange[];
  target?: () => Record<string, unknown>;
  /** Who the event names, when not the topology's admin. */
  actor?: () => string;
}

describe("the activity log through the gateway", () => {
  let cookie = "";
  const state: {
    product?: Product;
    offer?: Offer;
    post?: BlogPost;
    image?: ImageInfo;
    subscriber?: Subscriber;
    settings?: SiteSettings;
    releaseSettings?: () => void;
    linkChecks?: LinkCheckSettings;
    invitation?: { id: number; email: string };
    account?: { id: number; email: string };
    own?: { id: number; email: string; session: string };
    campaign?: Campaign;
  } = {};

  const as = (session: string, requestId: string) => ({ cookie: session, "x-request-id": requestId });
  const admin = <T>(method: string, path: string, requestId: string, json?: unknown) =>
    call<T>(method, path, { json, headers: as(cookie, requestId) });
  const freshSession = async () => {
    const response = await call("POST", "/api/auth/login", {
      json: { email: process.env.ADMIN_EMAIL, password: process.env.ADMIN_PASSWORD },
    });
    expect(response.status).toBe(200);
    return (response.headers.get("set-cookie") ?? "").split(";")[0]!;
  };

  const ownAccounts: number[] = [];
  /** A new owner account of this suite's own, signed in: what it does touches no other suite's session. */
  const ownAccount = async (requestId: string) => {
    const email = `audit-own-${unique()}@example.com`;
    const invited = await admin<{ link: string }>("POST", "/api/auth/invitations", `${requestId}-invite`, {
      email,
      role: "owner",
    });
    const token = new URL(invited.body.link).hash.replace("#invitation=", "");
    const accepted = await call<{ user: { id: number } }>("POST", "/api/auth/invitations/accept", {
      json: { token, password: OWN_PASSWORD },
    });
    expect(accepted.status, accepted.text).toBe(201);
    ownAccounts.push(accepted.body.user.id);
    state.own = {
      id: accepted.body.user.id,
      email,
      session: (accepted.headers.get("set-cookie") ?? "").split(";")[0]!,
    };
    return state.own;
  };

  const steps: Record<string, Step> = {
    createProduct: {
      perform: async (id) => {
        const response = await admin<Product>("POST", "/api/products", id, productInput({ price: "31.00" }));
        state.product = response.body;
        return response;
      },
      target: () => ({ entity: "products", id: String(state.product!.id), label: state.product!.name }),
    },
    updateProduct: {
      perform: (id) =>
        admin(
          "PUT",
          `/api/products/${state.product!.id}`,
          id,
          productInput({ name: state.product!.name, price: "27.00" }),
        ),
      changes: () => [{ field: "price", before: "31.00", after: "27.00" }],
      target: () => ({ entity: "products", id: String(state.product!.id), params: { id: String(state.product!.id) } }),
    },
    restoreRevision: {
      perform: async (id) => {
        const path = `/api/revisions/product/${state.product!.id}`;
        const { revisions } = (await admin<{ revisions: Revision[] }>("GET", path, `${id}-list`)).body;
        return admin("POST", `${path}/${revisions.at(-1)!.id}/restore`, id);
      },
      changes: () => [{ field: "price", before: "27.00", after: "31.00" }],
      target: () => ({ entity: "product", id: String(state.product!.id) }),
    },
    createPreviewLink: {
      perform: (id) => admin("POST", "/api/previews", id, { entity: "product", id: state.product!.id }),
    },
    updatePage: {
      perform: async (id) => {
        const pages = (await admin<Page[]>("GET", "/api/pages", `${id}-list`)).body;
        const page = pages.find((each) => each.key === "terms-of-service" && each.lang === "en")!;
        const { title, metaTitle, metaDescription, body } = page;
        // Saved as it is: the event is what matters here, and other suites read this page.
        return admin("PUT", "/api/pages/terms-of-service/en", id, { title, metaTitle, metaDescription, body });
      },
      target: () => ({ entity: "pages", id: "terms-of-service.en" }),
    },
    createOffer: {
      perform: async (id) => {
        const json = {
          productId: state.product!.id,
          retailer: "Audit Shop",
          market: "ES",
          url: "https://shop.example.es/a",
          price: "9.90",
        };
        const response = await admin<Offer>("POST", "/api/offers", id, json);
        state.offer = response.body;
        return response;
      },
    },
    updateOffer: {
      perform: (id) =>
        admin("PUT", `/api/offers/${state.offer!.id}`, id, {
          productId: state.product!.id,
          retailer: "Audit Shop",
          market: "ES",
          url: "https://shop.example.es/a",
          price: "8.90",
        }),
      changes: () => [{ field: "price", before: state.offer!.price, after: "8.90" }],
    },
    checkOffers: { perform: (id) => admin("POST", "/api/offers/check", id, { ids: [state.offer!.id] }) },
    updateRetailer: {
      perform: (id) =>
        admin("PUT", `/api/offers/retailers/${encodeURIComponent("Audit Shop")}`, id, {
          subIdTemplate: SUB_ID_TEMPLATE,
        }),
      // Before: whatever an earlier run left on this retailer's name.
      changes: () => [expect.objectContaining({ field: "subIdTemplate", after: SUB_ID_TEMPLATE })],
      target: () => ({ entity: "retailers", id: "Audit Shop", label: "Audit Shop" }),
    },
    deleteOffer: { perform: (id) => admin("DELETE", `/api/offers/${state.offer!.id}`, id) },
    deleteProduct: {
      perform: (id) => admin("DELETE", `/api/products/${state.product!.id}`, id),
      changes: () => [{ field: "name", before: state.product!.name }],
    },
    updateLinkCheckSettings: {
      perform: async (id) => {
        state.linkChecks = (await admin<LinkCheckSettings>("GET", "/api/offers/settings", `read-${id}`)).body;
        const changed = { ...state.linkChecks, intervalHours: (state.linkChecks.intervalHours % 168) + 1 };
        return admin("PUT", "/api/offers/settings", id, changed);
      },
      changes: () => [
        {
          field: "intervalHours",
          before: state.linkChecks!.intervalHours,
          after: (state.linkChecks!.intervalHours % 168) + 1,
        },
      ],
    },
    importConversions: {
      // A real import whose one row names no click, left out (`skip`): the history gets the import, no commission is stored.
      perform: (id) =>
        admin("POST", "/api/analytics/conversions", id, {
          network: "Audit Network",
          fileName: "audit.csv",
          csv: `clickref,transaction id,commission,date\n${randomUUID()},audit-${unique()},1.00,2026-03-01\n`,
          mapping: {
            clickId: "clickref",
            conversionId: "transaction id",
            commission: "commission",
            convertedAt: "date",
          },
          unknownClicks: "skip",
        }),
      changes: () => [
        { field: "network", after: "Audit Network" },
        { field: "skipped", after: 1 },
      ],
      target: () => ({ entity: "analytics/conversions", id: expect.any(String) }),
    },
    createBlogPost: {
      perform: async (id) => {
        const response = await admin<BlogPost>("POST", "/api/blog", id, postInput());
        state.post = response.body;
        return response;
      },
    },
    updateBlogPost: {
      perform: (id) =>
        admin("PUT", `/api/blog/${state.post!.id}`, id, postInput({ title: `${state.post!.title} edited` })),
      changes: () => [{ field: "title", before: state.post!.title, after: `${state.post!.title} edited` }],
    },
    deleteBlogPost: { perform: (id) => admin("DELETE", `/api/blog/${state.post!.id}`, id) },
    updateSiteSettings: {
      perform: async (id) => {
        // Other files change the settings too: held from here until they are put back, after all.
        state.releaseSettings = await holdSiteSettings();
        state.settings = (await admin<SiteSettings>("GET", "/api/site-settings", `read-${id}`)).body;
        return admin("PUT", "/api/site-settings", id, { description: { en: `Audited ${unique()}` } });
      },
      changes: () => [{ field: "description.en", before: state.settings!.description.en, after: expect.any(String) }],
    },
    deleteSubscriber: {
      perform: async (id) => {
        const email = `audit-${unique()}@example.org`;
        expect((await call("POST", "/api/newsletter", { json: { email } })).status).toBe(202);
        const list = await admin<Subscriber[]>("GET", "/api/newsletter", `read-${id}`);
        state.subscriber = list.body.find((subscriber) => subscriber.email === email);
        return admin("DELETE", `/api/newsletter/${state.subscriber!.id}`, id);
      },
      changes: () => [{ field: "status", before: "pending" }],
    },
    createCampaign: {
      perform: async (id) => {
        const response = await admin<Campaign>("POST", "/api/newsletter/campaigns", id, {
          subject: { en: "Audit campaign", es: "Campaña de auditoría" },
          body: { en: "Written for the log.", es: "Escrita para el registro." },
        });
        state.campaign = response.body;
        return response;
      },
    },
    updateCampaign: {
      perform: (id) =>
        admin("PUT", `/api/newsletter/campaigns/${state.campaign!.id}`, id, {
          subject: { en: "Audit campaign, edited", es: "Campaña de auditoría" },
          body: { en: "Written for the log.", es: "Escrita para el registro." },
        }),
    },
    sendTestEmail: {
      perform: (id) =>
        admin("POST", `/api/newsletter/campaigns/${state.campaign!.id}/test`, id, {
          email: `audit-test-${unique()}@example.org`,
        }),
    },
    // Scheduled a year ahead, paused, resumed and cancelled: nobody of the shared topology is sent it.
    sendCampaign: {
      perform: (id) =>
        admin("POST", `/api/newsletter/campaigns/${state.campaign!.id}/send`, id, {
          sendAt: new Date(Date.now() + 365 * 86_400_000).toISOString(),
        }),
    },
    pauseCampaign: {
      perform: (id) => admin("POST", `/api/newsletter/campaigns/${state.campaign!.id}/pause`, id),
    },
    resumeCampaign: {
      perform: (id) => admin("POST", `/api/newsletter/campaigns/${state.campaign!.id}/resume`, id),
    },
    cancelCampaign: {
      perform: (id) => admin("POST", `/api/newsletter/campaigns/${state.campaign!.id}/cancel`, id),
    },
    exportSubscribers: {
      perform: (id) => admin("GET", "/api/newsletter/export", id),
      changes: () => [{ field: "exported", after: expect.any(Number) }],
    },
    uploadImage: {
      perform: async (id) => {
        const body = new FormData();
        body.append("image", new Blob([Uint8Array.from(PNG)], { type: "image/png" }), "audit.png");
        const response = await call<ImageInfo>("POST", "/api/images/upload", { body, headers: as(cookie, id) });
        state.image = response.body;
        return response;
      },
      target: () => ({ entity: "images", id: state.image!.filename, label: "audit.png" }),
    },
    deleteImage: {
      perform: (id) => admin("DELETE", `/api/images/${state.image!.filename}`, id),
      changes: () => [{ field: "originalName", before: "audit.png" }],
    },
    createInvitation: {
      perform: async (id) => {
        const email = `audit-invited-${unique()}@example.com`;
        const response = await admin<{ id: number; email: string }>("POST", "/api/auth/invitations", id, {
          email,
          role: "editor",
        });
        state.invitation = response.body;
        return response;
      },
      target: () => ({ entity: "invitation", id: String(state.invitation!.id) }),
      changes: () => [{ field: "email", after: state.invitation!.email }],
    },
    revokeInvitation: {
      perform: (id) => admin("DELETE", `/api/auth/invitations/${state.invitation!.id}`, id),
      target: () => ({ entity: "invitation", id: String(state.invitation!.id) }),
    },
    updateAccount: {
      perform: async (id) => {
        // An editor of the suite's own, invited and accepted, made an owner.
        const email = `audit-account-${unique()}@example.com`;
        const invited = await admin<{ link: string }>("POST", "/api/auth/invitations", `${id}-invite`, {
          email,
          role: "editor",
        });
        const token = new URL(invited.body.link).hash.replace("#invitation=", "");
        const accepted = await call<{ user: { id: number } }>("POST", "/api/auth/invitations/accept", {
          json: { token, password: "saffron ledgers drift past lighthouses" },
        });
        expect(accepted.status).toBe(201);
        state.account = { id: accepted.body.user.id, email };
        return admin("PATCH", `/api/auth/accounts/${state.account.id}`, id, { role: "owner" });
      },
      target: () => ({ entity: "account", id: String(state.account!.id) }),
      changes: () => [{ field: "role", before: "editor", after: "owner" }],
    },
    deleteAccount: {
      perform: (id) => admin("DELETE", `/api/auth/accounts/${state.account!.id}`, id),
      target: () => ({ entity: "account", id: String(state.account!.id) }),
      changes: () => [{ field: "email", before: state.account!.email }],
    },
    logout: {
      perform: async (id) => call("POST", "/api/auth/logout", { headers: as(await freshSession(), id) }),
      target: () => ({ entity: "session", id: null }),
    },
    changePassword: {
      perform: async (id) => {
        // On an account of the suite's own: a password change ends the account's other sessions, and the
        // topology's admin is signed in by every suite running beside this one.
        const own = await ownAccount(id);
        return call("POST", "/api/auth/password", {
          json: { currentPassword: OWN_PASSWORD, newPassword: NEW_PASSWORD },
          headers: as(own.session, id),
        });
      },
      actor: () => state.own!.email,
    },
    logoutEverywhere: {
      perform: async (id) => {
        const own = await ownAccount(id);
        return call("DELETE", "/api/auth/sessions", { headers: as(own.session, id) });
      },
      actor: () => state.own!.email,
    },
  };

  beforeAll(async () => {
    cookie = await adminCookie();
  });

  // Leave the catalogue, the articles and the settings as the other suites expect them.
  afterAll(async () => {
    const restore = { cookie: await adminCookie() };
    for (const id of ownAccounts) await call("DELETE", `/api/auth/accounts/${id}`, { headers: restore });
    if (state.settings)
      await call("PUT", "/api/site-settings", { json: { description: state.settings.description }, headers: restore });
    state.releaseSettings?.();
    if (state.linkChecks) await call("PUT", "/api/offers/settings", { json: state.linkChecks, headers: restore });
  });

  /** The event the request with this id left, once it has reached auth. */
  const eventOf = async (action: string, requestId: string): Promise<AuditEvent | undefined> => {
    const response = await call<AuditEventPage>("GET", `/api/auth/audit-events?action=${action}&limit=200`, {
      headers: { cookie },
    });
    assertMatchesSpec("listAuditEvents", response);
    return response.body.events.find((event) => event.requestId === requestId);
  };

  it("knows how to perform every operation the contract says the log records, and the kit records those", () => {
    expect(expected.length).toBeGreaterThan(15);
    expect(Object.keys(steps).sort()).toEqual([...expected].sort());
    const audited = [...operations().values()].filter((op) => op.audited).map((op) => op.operationId);
    expect(audited.sort()).toEqual([...expected].sort());
  });

  it("names every action it records in words, in both languages", () => {
    for (const lang of ["en", "es"] as const)
      expect(
        expected.filter((action) => !(action in adminCopy[lang].audit.actions)),
        lang,
      ).toEqual([]);
  });

  /** Every changed field the events below hold, for the check after them. */
  const fieldsSeen = new Set<string>();

  it.each(Object.keys(steps))(
    "%s leaves an event with who, what and on what",
    async (action) => {
      const step = steps[action]!;
      const requestId = `audit-${action}-${unique()}`;
      const response = await step.perform(requestId);
      expect(response.status, response.text).toBeGreaterThanOrEqual(200);
      expect(response.status, response.text).toBeLessThan(300);
      await expect
        .poll(() => eventOf(action, requestId), { timeout: 20_000, interval: 250 })
        .toMatchObject({
          action,
          actor: { id: expect.any(Number), email: step.actor?.() ?? process.env.ADMIN_EMAIL },
          requestId,
          occurredAt: expect.any(String),
          ...(step.target ? { target: step.target() } : {}),
        });
      const event = (await eventOf(action, requestId))!;
      expect(event.changes).toEqual(expect.arrayContaining(step.changes?.() ?? []));
      for (const change of event.changes) fieldsSeen.add(change.field);
      // No password, in any form, enters an event, nor a removed subscriber's address.
      expect(JSON.stringify(event)).not.toContain(state.subscriber?.email ?? "no subscriber yet");
      expect(JSON.stringify(event)).not.toContain(NEW_PASSWORD);
      expect(JSON.stringify(event)).not.toContain(String(process.env.ADMIN_PASSWORD));
      // The settings' step may wait for another file to put the settings back (holdSiteSettings).
    },
    180_000,
  );

  it("names every field those events changed in words, in both languages", () => {
    expect(fieldsSeen.size).toBeGreaterThan(40);
    const keys = [...fieldsSeen].flatMap((field) =>
      fieldParts(field).flatMap((part) => ("key" in part ? [part.key] : [])),
    );
    for (const lang of ["en", "es"] as const) {
      const named = adminCopy[lang].audit.fields as Record<string, string>;
      expect([...new Set(keys.filter((key) => !(key in named)))], lang).toEqual([]);
    }
  });

  it("records a sign-in", async () => {
    const requestId = `audit-login-${unique()}`;
    const response = await call("POST", "/api/auth/login", {
      json: { email: process.env.ADMIN_EMAIL, password: process.env.ADMIN_PASSWORD },
      headers: { "x-request-id": requestId },
    });
    expect(response.status).toBe(200);
    await expect
      .poll(() => eventOf("login", requestId), { timeout: 20_000 })
      .toMatchObject({ service: "auth", actor: { email: process.env.ADMIN_EMAIL } });
  });

  it("filters by actor and dates, newest first, a page at a time", async () => {
    const now = Date.now();
    const from = new Date(now - 60 * 60_000).toISOString();
    const to = new Date(now + 60_000).toISOString();
    const query = `actor=${encodeURIComponent(String(process.env.ADMIN_EMAIL).toUpperCase())}&from=${from}&to=${to}&limit=3`;
    const first = await call<AuditEventPage>("GET", `/api/auth/audit-events?${query}`, { headers: { cookie } });
    assertMatchesSpec("listAuditEvents", first);
    expect(first.body.events).toHaveLength(3);
    expect(first.body.nextBefore).not.toBeNull();
    const second = await call<AuditEventPage>(
      "GET",
      `/api/auth/audit-events?${query}&before=${first.body.nextBefore}`,
      {
        headers: { cookie },
      },
    );
    const times = [...first.body.events, ...second.body.events].map((event) => Date.parse(event.occurredAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(new Set([...first.body.events, ...second.body.events].map((event) => event.id)).size).toBe(times.length);
    const nobody = await call<AuditEventPage>("GET", `/api/auth/audit-events?actor=nobody-${unique()}`, {
      headers: { cookie },
    });
    expect(nobody.body.events).toEqual([]);
  });

  it("cannot be read without an admin session", async () => {
    for (const headers of [{}, { cookie: "rsv_session=forged-session-id" }] as Array<Record<string, string>>) {
      const response = await call("GET", "/api/auth/audit-events", { headers });
      expect(response.status).toBe(401);
      assertMatchesSpec("listAuditEvents", response);
    }
  });

  it("takes no events from outside the site's services, whoever the caller is", async () => {
    const forged = {
      uid: randomUUID(),
      occurredAt: new Date().toISOString(),
      actor: { id: 1, email: "intruder@example.com" },
      action: "deleteProduct",
      service: "catalog",
      target: { entity: "products", id: "1" },
      requestId: `forged-${unique()}`,
      changes: [],
    };
    for (const headers of [{}, { cookie }, { "x-internal-token": "guessed-secret-guessed-secret-000000" }] as Array<
      Record<string, string>
    >) {
      const response = await call("POST", "/api/auth/audit-events", { json: { events: [forged] }, headers });
      expect(response.status).toBe(403);
      assertMatchesSpec("recordAuditEvents", response);
    }
    const stored = await call<AuditEventPage>("GET", "/api/auth/audit-events?actor=intruder%40example.com", {
      headers: { cookie },
    });
    expect(stored.body.events).toEqual([]);
  });

  it("offers no way to edit or delete an event", () => {
    const onTheLog = contractOperations().filter((op) => op.path.startsWith("/api/auth/audit-events"));
    expect(onTheLog.map((op) => op.method).sort()).toEqual(["get", "post"]);
  });
});

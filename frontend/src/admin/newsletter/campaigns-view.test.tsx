// @vitest-environment jsdom
import { createApiClient, type SessionInfo } from "@rsv/api/client";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ApiProvider } from "../../api/api-context.js";
import { queryKeys } from "../../api/queries.js";
import { createQueryClient } from "../../api/query-client.js";
import { createI18n } from "../../i18n/create-i18n.js";
import { resources } from "../../i18n/resources.js";
import { useToastStore } from "../../stores/toast.store.js";
import { registerAdminCopy } from "../admin-copy.js";
import { adminT } from "../admin-copy.testing.js";
import { useAdminUiStore } from "../admin.store.js";
import type { Campaign } from "../api/campaigns.js";
import type { SubscriberStatus } from "../api/subscribers.js";
import { ConfirmHost } from "../ui/confirm.js";
import { CampaignsView } from "./campaigns-view.js";

/**
 * The campaigns view on a draft, with the newsletter service answered here: how many it would go to,
 * and the test message's address. The confirmation is the dashboard's own dialog (jsdom has no modal
 * dialogs, nor scrolling: opening one only marks it open here).
 */
const origin = "http://admin.test";
const session: SessionInfo = { user: { id: 1, email: "owner@example.com", role: "owner" } };
const draft: Campaign = {
  id: 7,
  subject: { en: "Spring", es: "Primavera" },
  body: { en: "## Hello", es: "## Hola" },
  status: "draft",
  sendAt: null,
  startedAt: null,
  finishedAt: null,
  createdAt: "2026-03-01T10:00:00.000Z",
  updatedAt: "2026-03-01T10:00:00.000Z",
  counts: { total: 0, queued: 0, sent: 0, failed: 0, bounced: 0 },
};

let statuses: SubscriberStatus[] = [];
let testAnswer: () => Response = () => Response.json({ status: "kept" }, { status: 202 });
let posted: Array<{ path: string; body: unknown }> = [];

async function answer(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request = input instanceof Request ? input : new Request(input, init);
  const { pathname } = new URL(request.url);
  if (request.method === "POST") {
    posted.push({ path: pathname, body: await request.json().catch(() => null) });
    if (pathname.endsWith("/test")) return testAnswer();
    if (pathname.endsWith("/send")) return Response.json({ ...draft, status: "sending" }, { status: 202 });
  }
  if (pathname === "/api/newsletter/campaigns") return Response.json([draft]);
  if (pathname === `/api/newsletter/campaigns/${draft.id}`) return Response.json(draft);
  if (pathname === "/api/newsletter")
    return Response.json(
      statuses.map((status, index) => ({
        id: index + 1,
        email: `reader-${index}@example.org`,
        status,
        language: "en",
        sourcePath: null,
        subscribedAt: "2026-02-01T10:00:00.000Z",
        confirmedAt: status === "confirmed" ? "2026-02-01T11:00:00.000Z" : null,
        unsubscribedAt: null,
        bouncedAt: null,
      })),
    );
  if (pathname === "/api/products") return Response.json([]);
  return Response.json({ error: { code: "not_found", message: "No." } }, { status: 404 });
}

/** The view in the dashboard's language, signed in as the owner, with the draft opened below its editor. */
async function openDraft(lang: "en" | "es" = "en") {
  useAdminUiStore.setState({ lang });
  const client = createQueryClient();
  client.setQueryData(queryKeys.session(), session);
  const i18n = createI18n(lang, resources);
  registerAdminCopy(i18n);
  render(
    <ApiProvider client={createApiClient({ baseUrl: origin, fetch: answer })}>
      <QueryClientProvider client={client}>
        <I18nextProvider i18n={i18n}>
          <CampaignsView />
          <ConfirmHost />
        </I18nextProvider>
      </QueryClientProvider>
    </ApiProvider>,
  );
  fireEvent.click(await screen.findByText(draft.subject.en));
  await screen.findByTestId("campaign-progress");
  return adminT(lang);
}

const button = (name: string) => screen.getByRole("button", { name });
const dialog = () => screen.queryByTestId("confirm-dialog");
const question = () => (dialog()?.hasAttribute("open") ? dialog()?.querySelector("p")?.textContent : null);
/** What the field's aria-describedby points at, read out. */
const description = (element: Element) =>
  (element.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)
    .join(" ");

beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.removeAttribute("open");
  };
  Element.prototype.scrollIntoView = () => undefined;
});

afterAll(() => {
  // jsdom has neither: taken away again for the files that share this worker.
  delete (HTMLDialogElement.prototype as Partial<HTMLDialogElement>).showModal;
  delete (HTMLDialogElement.prototype as Partial<HTMLDialogElement>).close;
  delete (Element.prototype as Partial<Element>).scrollIntoView;
});

afterEach(() => {
  // A question left unanswered would still be pending for the next test: declined.
  if (question()) fireEvent.click(within(dialog()!).getAllByRole("button")[0]!);
  cleanup();
  statuses = [];
  posted = [];
  testAnswer = () => Response.json({ status: "kept" }, { status: 202 });
  useAdminUiStore.setState({ lang: "en" });
  for (const toast of useToastStore.getState().toasts) useToastStore.getState().dismiss(toast.id);
});

describe("sending a draft to the confirmed subscribers", () => {
  for (const lang of ["en", "es"] as const) {
    it(`names how many it goes to, in the ${lang} admin's words, before and when asked to send`, async () => {
      statuses = ["confirmed", "pending", "confirmed", "unsubscribed", "confirmed", "bounced"];
      const t = await openDraft(lang);
      const audience = await screen.findByText(t("campaigns.audience.count", { count: 3 }));
      // A draft's counts are its deliveries, none before sending begins: not said as "0 recipients".
      expect(screen.getByTestId("campaign-progress").textContent).not.toContain(
        t("campaigns.counts", { count: 0, queued: 0, sent: 0, failed: 0, bounced: 0 }),
      );
      const sendNow = button(t("campaigns.sendNow"));
      expect(sendNow.getAttribute("aria-disabled")).toBe("false");
      expect(description(sendNow)).toBe(audience.textContent);

      fireEvent.click(sendNow);
      await waitFor(() => expect(question()).toBe(t("campaigns.confirmSend", { count: 3 })));
      expect(question()).toMatch(lang === "en" ? /\b3 confirmed subscribers\b/ : /\b3 suscriptores confirmados\b/);
      fireEvent.click(within(dialog()!).getByRole("button", { name: t("campaigns.sendNow") }));
      await waitFor(() =>
        expect(posted).toContainEqual({ path: `/api/newsletter/campaigns/${draft.id}/send`, body: { sendAt: null } }),
      );
    });
  }

  it("counts them again when asked, and says one subscriber in the singular", async () => {
    statuses = ["confirmed", "confirmed"];
    const t = await openDraft("es");
    await screen.findByText(t("campaigns.audience.count", { count: 2 }));
    // One unsubscribed since the view opened: the question names who gets it now.
    statuses = ["confirmed", "unsubscribed"];
    fireEvent.click(button(t("campaigns.sendNow")));
    await waitFor(() => expect(question()).toBe("¿Enviar esta campaña ahora a 1 suscriptor confirmado?"));
    expect(screen.getByTestId("campaign-audience").textContent).toBe("1 suscriptor confirmado la recibiría ahora.");
    // Declined: nothing is sent.
    fireEvent.click(within(dialog()!).getByRole("button", { name: t("common.cancel") }));
    await waitFor(() => expect(question()).toBeNull());
    expect(posted).toEqual([]);
  });

  it("holds Send now back while nobody has confirmed, saying why, and sends nothing; Schedule stays open", async () => {
    statuses = ["pending", "unsubscribed"];
    const t = await openDraft();
    const none = await screen.findByText(t("campaigns.audience.none"));
    const held = button(t("campaigns.sendNow"));
    expect(held.getAttribute("aria-disabled")).toBe("true");
    expect(description(held)).toBe(none.textContent);
    fireEvent.click(held);
    // Scheduled, it goes to those confirmed by then: not held back, and told how many would receive it now.
    const schedule = button(t("campaigns.schedule"));
    expect(schedule.getAttribute("aria-disabled")).toBe("false");
    expect(description(schedule)).toBe(none.textContent);
    // A request made after them has gone out: had the click sent or asked, it would show by now.
    fireEvent.click(button(t("campaigns.sendTest")));
    await waitFor(() => expect(posted.map(({ path }) => path)).toContain(`/api/newsletter/campaigns/${draft.id}/test`));
    expect(question()).toBeNull();
    expect(posted.filter(({ path }) => path.endsWith("/send"))).toEqual([]);
  });

  it("does not ask, and sends nothing, when those counted at first have gone by the time Send now is pressed", async () => {
    statuses = ["confirmed"];
    const t = await openDraft();
    await screen.findByText(t("campaigns.audience.count", { count: 1 }));
    statuses = ["unsubscribed"];
    fireEvent.click(button(t("campaigns.sendNow")));
    await screen.findByText(t("campaigns.audience.none"));
    expect(button(t("campaigns.sendNow")).getAttribute("aria-disabled")).toBe("true");
    expect(question()).toBeNull();
    expect(posted.filter(({ path }) => path.endsWith("/send"))).toEqual([]);
  });
});

describe("the test message's address", () => {
  const field = (t: ReturnType<typeof adminT>) => screen.getByLabelText<HTMLInputElement>(t("campaigns.testAddress"));

  it("starts as the signed-in owner's own and sends the test there", async () => {
    const t = await openDraft();
    expect(field(t).value).toBe(session.user.email);
    fireEvent.click(button(t("campaigns.sendTest")));
    await waitFor(() =>
      expect(posted).toContainEqual({
        path: `/api/newsletter/campaigns/${draft.id}/test`,
        body: { email: session.user.email, language: "en" },
      }),
    );
    expect(field(t).getAttribute("aria-invalid")).toBeNull();
  });

  for (const [lang, typed, error] of [
    ["en", "", "testAddressRequired"],
    ["es", "  owner@example  ", "testAddressInvalid"],
  ] as const) {
    it(`marks ${typed.trim() ? "a malformed" : "an empty"} address beside the field (${lang}), focused, and sends nothing`, async () => {
      const t = await openDraft(lang);
      fireEvent.change(field(t), { target: { value: typed } });
      fireEvent.click(button(t("campaigns.sendTest")));
      await waitFor(() => expect(field(t).getAttribute("aria-invalid")).toBe("true"));
      expect(description(field(t))).toBe(t(`campaigns.errors.${error}`));
      await waitFor(() => expect(document.activeElement).toBe(field(t)));
      expect(posted).toEqual([]);
      // Corrected, the mark goes as it is typed.
      fireEvent.change(field(t), { target: { value: "editor@example.com" } });
      expect(field(t).getAttribute("aria-invalid")).toBeNull();
    });
  }

  it("marks the field when the service refuses the address the browser let through", async () => {
    const message = "Please enter a valid email address.";
    testAnswer = () =>
      Response.json(
        { error: { code: "bad_request", message, details: [{ path: "body.email", message }] } },
        { status: 400 },
      );
    const t = await openDraft();
    fireEvent.click(button(t("campaigns.sendTest")));
    await waitFor(() => expect(field(t).getAttribute("aria-invalid")).toBe("true"));
    expect(description(field(t))).toBe(t("campaigns.errors.testAddressInvalid"));
    await waitFor(() => expect(document.activeElement).toBe(field(t)));
  });
});

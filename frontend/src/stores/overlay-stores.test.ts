// @vitest-environment jsdom
import type { ChatProduct, ChatRequest, ChatResponse, RecentActivity } from "@rsv/api/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  activityFadeMs,
  activityFirstDelayMs,
  activityIntervalMaxMs,
  activityIntervalMinMs,
  activityVisibleMs,
  nextIntervalMs,
  useActivityToastStore,
} from "./activity-toast.store.js";
import {
  chatStorageKey,
  historyForRequest,
  maxSentHistory,
  maxStoredMessages,
  quickQuestionDelayMs,
  showsQuickQuestions,
  typingHintMs,
  useChatStore,
  type ChatEntry,
} from "./chat.store.js";
import { calendarDay, exitBannerStorageKey, useExitBannerStore } from "./exit-banner.store.js";
import { exitPopupStorageKey, popupFadeInDelayMs, popupFadeOutMs, useExitIntentStore } from "./exit-intent.store.js";
import { languageToOffer } from "./language-offer.store.js";

const product = (id: number): ChatProduct => ({
  id,
  slug: `product-${id}`,
  name: `Product ${id}`,
  brand: "Brand",
  imageUrl: "/img.png",
  rating: "4.5",
  reviewCount: 10,
  price: "20.00",
  currency: "USD",
  potency: "500mg",
  bestFor: "Longevity",
});

function answering(reply: Partial<ChatResponse> = {}) {
  const requests: ChatRequest[] = [];
  const transport = (request: ChatRequest) => {
    requests.push(request);
    return Promise.resolve({ response: `Answer to ${request.message}`, language: "en", ...reply } as ChatResponse);
  };
  return { transport, requests };
}

const resetChat = () =>
  useChatStore.setState({
    view: "closed",
    opened: false,
    messages: [{ role: "assistant", content: "", notice: "greeting" }],
    draft: "",
    pending: false,
    typing: false,
    compared: [],
  });

describe("chat store", () => {
  beforeEach(() => {
    localStorage.clear();
    resetChat();
  });
  afterEach(() => vi.useRealTimers());

  it("goes from closed to open to minimised to closed, remembering that it was opened", () => {
    const chat = useChatStore.getState();
    expect(useChatStore.getState().opened).toBe(false);
    chat.open();
    expect(useChatStore.getState()).toMatchObject({ view: "open", opened: true });
    chat.minimise();
    expect(useChatStore.getState().view).toBe("minimised");
    chat.close();
    expect(useChatStore.getState()).toMatchObject({ view: "closed", opened: true });
  });

  it("starts with the greeting and stores each exchange", async () => {
    const article = { title: "Resveratrol and NAD+", link: "/blog/resveratrol-and-nad" };
    const { transport, requests } = answering({
      products: [product(1), product(2), product(3), product(4)],
      articles: [article],
    });
    useChatStore.getState().setDraft("  best for longevity ");
    await useChatStore.getState().submit(transport);
    const { messages, draft, pending } = useChatStore.getState();
    expect(draft).toBe("");
    expect(pending).toBe(false);
    expect(messages.map((entry) => entry.role)).toEqual(["assistant", "user", "assistant"]);
    expect(messages[1]!.content).toBe("best for longevity");
    expect(messages[2]!.products).toHaveLength(3);
    expect(messages[2]!.articles).toEqual([article]);
    expect(requests[0]).toEqual({ message: "best for longevity", conversationHistory: [] });
    expect(JSON.parse(localStorage.getItem(chatStorageKey)!)).toEqual(messages);
  });

  it("ignores blank submits and submits while a reply is pending", async () => {
    const { transport, requests } = answering();
    useChatStore.getState().setDraft("   ");
    await useChatStore.getState().submit(transport);
    expect(requests).toHaveLength(0);

    let release: (value: ChatResponse) => void = () => {};
    const slow = (request: ChatRequest) => {
      requests.push(request);
      return new Promise<ChatResponse>((resolve) => (release = resolve));
    };
    useChatStore.getState().setDraft("first");
    const first = useChatStore.getState().submit(slow);
    expect(useChatStore.getState().pending).toBe(true);
    useChatStore.getState().setDraft("second");
    await useChatStore.getState().submit(slow);
    expect(requests.map((request) => request.message)).toEqual(["first"]);
    release({ response: "ok", language: "en" });
    await first;
    expect(useChatStore.getState().pending).toBe(false);
  });

  it("appends the failure notice when the service fails, a 429 included", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    useChatStore.getState().setDraft("hello");
    await useChatStore.getState().submit(() => Promise.reject(new Error("429: Too Many Requests")));
    expect(useChatStore.getState().messages.at(-1)).toEqual({ role: "assistant", content: "", notice: "failure" });
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });

  it("keeps at most the stored-history cap and sends only real messages, the latest 20", () => {
    const many: ChatEntry[] = [{ role: "assistant", content: "", notice: "greeting" }];
    for (let i = 0; i < 60; i++) many.push({ role: i % 2 ? "assistant" : "user", content: `m${i}` });
    localStorage.setItem(chatStorageKey, JSON.stringify(many));
    useChatStore.getState().restore();
    expect(useChatStore.getState().messages).toHaveLength(maxStoredMessages);
    const sent = historyForRequest(useChatStore.getState().messages);
    expect(sent).toHaveLength(maxSentHistory);
    expect(sent.at(-1)!.content).toBe("m59");
    expect(historyForRequest([{ role: "assistant", content: "", notice: "failure" }])).toEqual([]);
  });

  it("restores stored history and logs and ignores storage failures", () => {
    localStorage.setItem(chatStorageKey, "{not json");
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    useChatStore.getState().restore();
    expect(useChatStore.getState().messages).toHaveLength(1);
    expect(warn).toHaveBeenCalled();

    const setItem = vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new Error("quota");
    });
    useChatStore.getState().setDraft("still works");
    return useChatStore
      .getState()
      .submit(answering().transport)
      .then(() => {
        expect(useChatStore.getState().messages).toHaveLength(3);
        setItem.mockRestore();
        warn.mockRestore();
      });
  });

  it("shows the typing hint for one second after the last keystroke", () => {
    vi.useFakeTimers();
    useChatStore.getState().setDraft("a");
    vi.advanceTimersByTime(typingHintMs - 100);
    useChatStore.getState().setDraft("ab");
    vi.advanceTimersByTime(typingHintMs - 1);
    expect(useChatStore.getState().typing).toBe(true);
    vi.advanceTimersByTime(1);
    expect(useChatStore.getState().typing).toBe(false);
  });

  it("fills a quick question in and sends it 100 ms later; quick questions only before the first question", async () => {
    vi.useFakeTimers();
    const { transport, requests } = answering();
    expect(showsQuickQuestions(useChatStore.getState().messages)).toBe(true);
    useChatStore.getState().ask("Budget options", transport);
    expect(useChatStore.getState().draft).toBe("Budget options");
    vi.advanceTimersByTime(quickQuestionDelayMs - 1);
    expect(requests).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests.map((request) => request.message)).toEqual(["Budget options"]);
    expect(showsQuickQuestions(useChatStore.getState().messages)).toBe(false);
  });

  it("compares at most three: a present product is removed, a fourth drops the oldest", () => {
    const { toggleCompared } = useChatStore.getState();
    toggleCompared(product(1));
    toggleCompared(product(2));
    toggleCompared(product(1));
    expect(useChatStore.getState().compared.map((p) => p.id)).toEqual([2]);
    toggleCompared(product(3));
    toggleCompared(product(4));
    toggleCompared(product(5));
    expect(useChatStore.getState().compared.map((p) => p.id)).toEqual([3, 4, 5]);
  });

  it("Clear Chat resets history, the comparison list and storage", async () => {
    useChatStore.getState().setDraft("hi");
    await useChatStore.getState().submit(answering().transport);
    useChatStore.getState().toggleCompared(product(1));
    useChatStore.getState().clear();
    expect(useChatStore.getState().messages).toEqual([{ role: "assistant", content: "", notice: "greeting" }]);
    expect(useChatStore.getState().compared).toEqual([]);
    expect(localStorage.getItem(chatStorageKey)).toBeNull();
  });
});

describe("exit intent", () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers();
    useExitBannerStore.setState({ open: false });
    useExitIntentStore.setState({ popup: "closed", shownThisLoad: { popup: false, banner: false } });
  });
  afterEach(() => vi.useRealTimers());

  it("fades the popup in after 100 ms and out over 300 ms, once per day", () => {
    const { exitIntent, closePopup } = useExitIntentStore.getState();
    exitIntent(true);
    expect(useExitIntentStore.getState().popup).toBe("opening");
    expect(localStorage.getItem(exitPopupStorageKey)).toBe(calendarDay());
    vi.advanceTimersByTime(popupFadeInDelayMs);
    expect(useExitIntentStore.getState().popup).toBe("visible");
    closePopup();
    expect(useExitIntentStore.getState().popup).toBe("closing");
    vi.advanceTimersByTime(popupFadeOutMs - 1);
    expect(useExitIntentStore.getState().popup).toBe("closing");
    vi.advanceTimersByTime(1);
    expect(useExitIntentStore.getState().popup).toBe("closed");
  });

  it("never shows both: the popup first, the banner on a later exit, then nothing that day", () => {
    const { exitIntent, closePopup } = useExitIntentStore.getState();
    exitIntent(true);
    exitIntent(true);
    expect(useExitBannerStore.getState().open).toBe(false);
    closePopup();
    vi.advanceTimersByTime(popupFadeOutMs);
    exitIntent(true);
    expect(useExitIntentStore.getState().popup).toBe("closed");
    expect(useExitBannerStore.getState().open).toBe(true);
    exitIntent(true);
    expect(useExitIntentStore.getState().popup).toBe("closed");
    useExitBannerStore.getState().close();
    exitIntent(true);
    expect(useExitBannerStore.getState().open).toBe(false);
    expect(useExitIntentStore.getState().popup).toBe("closed");
  });

  it("shows the banner when there is no product to offer", () => {
    useExitIntentStore.getState().exitIntent(false);
    expect(useExitIntentStore.getState().popup).toBe("closed");
    expect(useExitBannerStore.getState().open).toBe(true);
    expect(localStorage.getItem(exitBannerStorageKey)).toBe(calendarDay());
  });

  it("opens again on a later day", () => {
    localStorage.setItem(exitPopupStorageKey, "2000-01-01");
    useExitIntentStore.getState().exitIntent(true);
    expect(useExitIntentStore.getState().popup).toBe("opening");
  });
});

describe("recent-activity toast", () => {
  const click = (name: string): RecentActivity => ({
    productName: name,
    productSlug: null,
    country: "ES",
    minutesAgo: 3,
  });

  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("shows the first after 10 s for 6 s, fades over 300 ms, then waits 25-35 s", async () => {
    const stop = useActivityToastStore.getState().start({
      load: () => Promise.resolve([click("A"), click("B")]),
      reducedMotion: false,
      random: () => 0.5,
    });
    await vi.advanceTimersByTimeAsync(activityFirstDelayMs - 1);
    expect(useActivityToastStore.getState().phase).toBe("hidden");
    await vi.advanceTimersByTimeAsync(1);
    expect(useActivityToastStore.getState()).toMatchObject({ phase: "visible", activity: { productName: "A" } });
    await vi.advanceTimersByTimeAsync(activityVisibleMs);
    expect(useActivityToastStore.getState().phase).toBe("fading");
    await vi.advanceTimersByTimeAsync(activityFadeMs);
    expect(useActivityToastStore.getState().phase).toBe("hidden");
    await vi.advanceTimersByTimeAsync(30_000);
    expect(useActivityToastStore.getState()).toMatchObject({ phase: "visible", activity: { productName: "B" } });
    stop();
    expect(useActivityToastStore.getState().phase).toBe("hidden");
  });

  it("keeps the interval between 25 and 35 s", () => {
    expect(nextIntervalMs(() => 0)).toBe(activityIntervalMinMs);
    expect(nextIntervalMs(() => 1)).toBe(activityIntervalMaxMs);
  });

  it("can be closed, and stays hidden without recent activity", async () => {
    const stop = useActivityToastStore.getState().start({ load: () => Promise.resolve([]), reducedMotion: false });
    await vi.advanceTimersByTimeAsync(activityFirstDelayMs + activityIntervalMaxMs * 2);
    expect(useActivityToastStore.getState().phase).toBe("hidden");
    stop();

    const again = useActivityToastStore.getState().start({
      load: () => Promise.resolve([click("A")]),
      reducedMotion: false,
    });
    await vi.advanceTimersByTimeAsync(activityFirstDelayMs);
    useActivityToastStore.getState().close();
    expect(useActivityToastStore.getState().phase).toBe("fading");
    await vi.advanceTimersByTimeAsync(activityFadeMs);
    expect(useActivityToastStore.getState().phase).toBe("hidden");
    again();
  });

  it("shows only the first to visitors who prefer reduced motion", async () => {
    const load = vi.fn(() => Promise.resolve([click("A")]));
    const stop = useActivityToastStore.getState().start({ load, reducedMotion: true });
    await vi.advanceTimersByTimeAsync(activityFirstDelayMs + activityVisibleMs + activityFadeMs);
    await vi.advanceTimersByTimeAsync(activityIntervalMaxMs * 3);
    expect(load).toHaveBeenCalledTimes(1);
    expect(useActivityToastStore.getState().phase).toBe("hidden");
    stop();
  });
});

describe("language offer", () => {
  it("offers Spanish on English pages to Spanish-preferring browsers without a saved choice", () => {
    expect(languageToOffer("en", ["es-ES", "en"], null)).toBe("es");
    expect(languageToOffer("en", ["fr", "es-MX"], null)).toBe("es");
    expect(languageToOffer("es", ["es-ES"], null)).toBeNull();
    expect(languageToOffer("en", ["en-GB", "es"], null)).toBeNull();
    expect(languageToOffer("en", ["es"], "en")).toBeNull();
  });
});

import type { ChatArticle, ChatProduct, ChatRequest, ChatResponse } from "@rsv/api/client";
import { create } from "zustand";
import { keep, readKept } from "../lib/kept.js";

export const chatStorageKey = "rsv-chat-history";
/** Messages kept in the browser; older ones are dropped. */
export const maxStoredMessages = 40;
/** Earlier messages sent with a question, as many as the chat service accepts. */
export const maxSentHistory = 20;
export const maxReplyProducts = 3;
export const maxComparedProducts = 3;
export const minComparedForTable = 2;
export const typingHintMs = 1000;
export const quickQuestionDelayMs = 100;
export const quickQuestionIds = ["protocol", "longevity", "potency", "budget", "compare"] as const;
export type QuickQuestionId = (typeof quickQuestionIds)[number];

/**
 * One message of the conversation. The greeting and the failure notice are written in the visitor's
 * language when shown (`notice`), so they carry no text of their own and are never sent to the service.
 */
export interface ChatEntry {
  role: "user" | "assistant";
  content: string;
  notice?: "greeting" | "failure";
  products?: ChatProduct[];
  /** The articles a reply draws on: its links to them read as their titles. */
  articles?: ChatArticle[];
}

export type ChatView = "closed" | "open" | "minimised";
export type ChatTransport = (request: ChatRequest) => Promise<ChatResponse>;

const greeting: ChatEntry = { role: "assistant", content: "", notice: "greeting" };

interface ChatState {
  view: ChatView;
  /** True once the widget has been opened in this page load: the catalogue is fetched from then on. */
  opened: boolean;
  messages: ChatEntry[];
  draft: string;
  pending: boolean;
  /** True for a second after the last keystroke. */
  typing: boolean;
  compared: ChatProduct[];
  open: () => void;
  minimise: () => void;
  close: () => void;
  setDraft: (text: string) => void;
  /** Sends the draft; ignored when it is blank or a reply is pending. */
  submit: (transport: ChatTransport) => Promise<void>;
  /** Puts a quick question into the input and sends it a moment later. */
  ask: (question: string, transport: ChatTransport) => void;
  toggleCompared: (product: ChatProduct) => void;
  clear: () => void;
  /** Restores the stored history (browser only; call once after mounting). */
  restore: () => void;
}

function logStorageFailure(action: string, error: unknown): void {
  console.warn(`Chat history could not be ${action}:`, error);
}

function isEntry(value: unknown): value is ChatEntry {
  if (typeof value !== "object" || value === null) return false;
  const entry = value as Partial<ChatEntry>;
  return (entry.role === "user" || entry.role === "assistant") && typeof entry.content === "string";
}

export function loadHistory(): ChatEntry[] | null {
  const raw = readKept(chatStorageKey, (error) => logStorageFailure("read", error));
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed) || !parsed.every(isEntry) || parsed.length === 0) return null;
    return parsed.slice(-maxStoredMessages);
  } catch (error) {
    logStorageFailure("read", error);
    return null;
  }
}

function saveHistory(messages: ChatEntry[]): void {
  keep(chatStorageKey, JSON.stringify(messages), (error) => logStorageFailure("saved", error));
}

function removeHistory(): void {
  keep(chatStorageKey, null, (error) => logStorageFailure("cleared", error));
}

/** The conversation as the service reads it: real messages only, the latest first to be kept. */
export function historyForRequest(messages: ChatEntry[]): ChatRequest["conversationHistory"] {
  return messages
    .filter((entry) => !entry.notice && entry.content.trim())
    .map(({ role, content }) => ({ role, content: content.slice(0, 4000) }))
    .slice(-maxSentHistory);
}

export function withCompared(list: ChatProduct[], product: ChatProduct): ChatProduct[] {
  if (list.some((item) => item.id === product.id)) return list.filter((item) => item.id !== product.id);
  return [...list, product].slice(-maxComparedProducts);
}

let typingTimer: ReturnType<typeof setTimeout> | undefined;

export const useChatStore = create<ChatState>((set, get) => {
  const append = (entry: ChatEntry) => {
    const messages = [...get().messages, entry].slice(-maxStoredMessages);
    set({ messages });
    saveHistory(messages);
  };

  return {
    view: "closed",
    opened: false,
    messages: [greeting],
    draft: "",
    pending: false,
    typing: false,
    compared: [],
    open: () => set({ view: "open", opened: true }),
    minimise: () => set({ view: "minimised" }),
    close: () => set({ view: "closed" }),
    setDraft: (text) => {
      clearTimeout(typingTimer);
      set({ draft: text, typing: text.length > 0 });
      typingTimer = setTimeout(() => set({ typing: false }), typingHintMs);
    },
    submit: async (transport) => {
      const message = get().draft.trim();
      if (!message || get().pending) return;
      const history = historyForRequest(get().messages);
      clearTimeout(typingTimer);
      set({ draft: "", pending: true, typing: false });
      append({ role: "user", content: message });
      try {
        const reply = await transport({ message: message.slice(0, 1000), conversationHistory: history });
        append({
          role: "assistant",
          content: reply.response,
          products: (reply.products ?? []).slice(0, maxReplyProducts),
          articles: reply.articles ?? [],
        });
      } catch (error) {
        console.error("Chat request failed:", error);
        append({ role: "assistant", content: "", notice: "failure" });
      } finally {
        set({ pending: false });
      }
    },
    ask: (question, transport) => {
      if (get().pending) return;
      set({ draft: question });
      setTimeout(() => void get().submit(transport), quickQuestionDelayMs);
    },
    toggleCompared: (product) => set({ compared: withCompared(get().compared, product) }),
    clear: () => {
      set({ messages: [greeting], compared: [], draft: "" });
      removeHistory();
    },
    restore: () => {
      const stored = loadHistory();
      if (stored) set({ messages: stored });
    },
  };
});

/** Quick questions are offered until the visitor has said something. */
export function showsQuickQuestions(messages: ChatEntry[]): boolean {
  return messages.length <= 1;
}

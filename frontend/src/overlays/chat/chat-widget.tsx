import { unwrap } from "@rsv/api/client";
import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { useApi } from "../../api/api-context.js";
import { productsQuery } from "../../api/queries.js";
import { useCopy } from "../../i18n/use-lang.js";
import {
  minComparedForTable,
  quickQuestionIds,
  showsQuickQuestions,
  useChatStore,
  type ChatEntry,
  type ChatTransport,
} from "../../stores/chat.store.js";
import { ComparisonTable, ComparisonTray } from "./chat-comparison.js";
import { ChatProductCard } from "./chat-product-card.js";
import { ReplyText } from "./reply-text.js";
import { CloseButton, IconButton } from "../../components/ui/icon-button.js";
import { InPlacement } from "../../components/product/affiliate-link.js";

/** Time to let a new message lay out before scrolling to it. */
const scrollDelayMs = 100;

function ChatBubble({ entry }: { entry: ChatEntry }) {
  const { t } = useCopy("chat");
  const mine = entry.role === "user";
  const text = entry.notice ? t(entry.notice) : entry.content;
  return (
    <li
      className={`flex flex-col ${mine ? "items-end" : "items-start"}`}
      data-testid="chat-message"
      data-role={entry.role}
    >
      <p className="sr-only">{t(mine ? "you" : "assistant")}:</p>
      <div
        className={`max-w-[90%] rounded-2xl px-3 py-2 text-sm whitespace-pre-line ${
          mine ? "rounded-br-sm bg-wine-800 text-white" : "rounded-bl-sm bg-slate-100 text-slate-900"
        } ${entry.notice === "failure" ? "ring-1 ring-red-300" : ""}`}
      >
        {mine ? text : <ReplyText text={text} products={entry.products} articles={entry.articles} />}
      </div>
      {entry.products && entry.products.length > 0 && (
        <ul className="mt-2 w-full space-y-2">
          {entry.products.map((product) => (
            <ChatProductCard key={product.id} product={product} />
          ))}
        </ul>
      )}
    </li>
  );
}

function TypingDots() {
  const { t } = useCopy("chat");
  return (
    <li className="flex items-start" data-testid="chat-pending">
      <span className="flex gap-1 rounded-2xl rounded-bl-sm bg-slate-100 px-3 py-3" aria-hidden="true">
        {[0, 150, 300].map((delay) => (
          <span
            key={delay}
            className="h-2 w-2 animate-bounce rounded-full bg-slate-400 motion-reduce:animate-none"
            style={{ animationDelay: `${delay}ms` }}
          />
        ))}
      </span>
      <span className="sr-only">{t("thinking")}</span>
    </li>
  );
}

export default function ChatWidget() {
  const { t, lang } = useCopy("chat");
  const api = useApi();
  const { view, opened, messages, draft, pending, typing, compared } = useChatStore();
  const { open, minimise, close, setDraft, submit, ask, clear, restore } = useChatStore.getState();
  const [tableWanted, setShowTable] = useState(false);
  // The table needs two products: removing one below that returns to the conversation.
  const showTable = tableWanted && compared.length >= minComparedForTable;
  const { data: catalogue } = useQuery({ ...productsQuery(api, lang), enabled: opened });
  const launcher = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const log = useRef<HTMLOListElement>(null);
  const wasOpen = useRef(false);

  const transport = useCallback<ChatTransport>((body) => unwrap(api.POST("/api/chat", { body })), [api]);

  useEffect(() => restore(), [restore]);

  useEffect(() => {
    if (view !== "open" || showTable) return;
    const timer = setTimeout(() => log.current?.lastElementChild?.scrollIntoView({ block: "nearest" }), scrollDelayMs);
    return () => clearTimeout(timer);
  }, [messages.length, pending, view, showTable]);

  useEffect(() => {
    if (view === "open" && !wasOpen.current) input.current?.focus();
    if (view === "closed" && wasOpen.current) launcher.current?.focus();
    wasOpen.current = view !== "closed";
  }, [view]);

  useEffect(() => {
    if (!pending && view === "open") input.current?.focus();
  }, [pending, view]);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void submit(transport);
  }

  if (view === "closed") {
    return (
      <button
        ref={launcher}
        type="button"
        onClick={open}
        data-testid="chat-launcher"
        className="fixed right-4 bottom-4 z-40 grid h-14 w-14 place-items-center rounded-full bg-wine-800 text-white shadow-lg hover:bg-wine-900"
      >
        <svg
          viewBox="0 0 24 24"
          className="h-7 w-7"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z" strokeLinejoin="round" />
        </svg>
        <span className="sr-only">{t("launcher")}</span>
      </button>
    );
  }

  const blank = draft.trim() === "";
  return (
    <InPlacement value="chat">
      <section
        role="dialog"
        aria-labelledby="chat-title"
        data-testid="chat-panel"
        data-view={view}
        onKeyDown={(event) => {
          if (event.key === "Escape") close();
        }}
        className={`fixed right-4 bottom-4 z-40 flex w-[calc(100vw-2rem)] max-w-sm flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-2xl ${
          view === "open" ? "h-[min(36rem,calc(100vh-2rem))]" : ""
        }`}
      >
        <header className="flex items-center gap-2 bg-wine-800 px-3 py-2 text-white">
          <div className="min-w-0 flex-1">
            <h2 id="chat-title" className="text-sm leading-tight font-semibold">
              {t("title")}
            </h2>
            <p className="text-xs leading-snug text-wine-100">{t("subtitle")}</p>
          </div>
          <button
            type="button"
            onClick={clear}
            className="rounded px-2 py-1 text-xs text-wine-100 hover:bg-wine-700 hover:text-white"
            data-testid="chat-clear"
          >
            {t("clear")}
          </button>
          <IconButton
            icon={view === "open" ? "▁" : "▢"}
            label={t(view === "open" ? "minimise" : "expand")}
            onClick={view === "open" ? minimise : open}
            aria-expanded={view === "open"}
            className="rounded p-1.5 hover:bg-wine-700"
            data-testid="chat-minimise"
          />
          <CloseButton
            label={t("close")}
            onClick={close}
            className="rounded p-1.5 hover:bg-wine-700"
            data-testid="chat-close"
          />
        </header>
        {view === "open" &&
          (showTable ? (
            <ComparisonTable catalogue={catalogue} onBack={() => setShowTable(false)} />
          ) : (
            <>
              <ol
                ref={log}
                role="log"
                aria-live="polite"
                aria-label={t("conversation")}
                className="min-h-0 flex-1 space-y-3 overflow-y-auto p-3"
                data-testid="chat-log"
              >
                {messages.map((entry, index) => (
                  <ChatBubble key={index} entry={entry} />
                ))}
                {pending && <TypingDots />}
              </ol>
              {showsQuickQuestions(messages) && (
                <div className="border-t border-slate-200 px-3 py-2">
                  <h3 className="text-xs font-semibold text-slate-500">{t("quickTitle")}</h3>
                  <ul className="mt-1 flex flex-wrap gap-1.5">
                    {quickQuestionIds.map((id) => (
                      <li key={id}>
                        <button
                          type="button"
                          disabled={pending}
                          onClick={() => ask(t(`quick.${id}.question`), transport)}
                          data-testid="chat-quick-question"
                          data-question={id}
                          className="rounded-full border border-wine-200 bg-wine-50 px-2.5 py-1 text-xs text-wine-900 hover:bg-wine-100 disabled:opacity-50"
                        >
                          {t(`quick.${id}.label`)}
                        </button>
                      </li>
                    ))}
                  </ul>
                </div>
              )}
              <ComparisonTray onView={() => setShowTable(true)} />
              <form onSubmit={onSubmit} className="border-t border-slate-200 p-2">
                <div className="flex gap-2">
                  <label htmlFor="chat-input" className="sr-only">
                    {t("inputLabel")}
                  </label>
                  <input
                    ref={input}
                    id="chat-input"
                    type="text"
                    autoComplete="off"
                    maxLength={1000}
                    value={draft}
                    disabled={pending}
                    onChange={(event) => setDraft(event.target.value)}
                    placeholder={t("placeholder")}
                    className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-2 text-sm disabled:bg-slate-100"
                    data-testid="chat-input"
                  />
                  <button
                    type="submit"
                    disabled={blank || pending}
                    className="rounded-lg bg-wine-800 px-3 py-2 text-sm font-semibold text-white hover:bg-wine-900 disabled:opacity-50"
                    data-testid="chat-send"
                  >
                    {t("send")}
                  </button>
                </div>
                <p className="h-4 px-1 pt-0.5 text-xs text-slate-500" aria-live="off" data-testid="chat-typing-hint">
                  {typing ? t("typingHint") : ""}
                </p>
              </form>
            </>
          ))}
      </section>
    </InPlacement>
  );
}

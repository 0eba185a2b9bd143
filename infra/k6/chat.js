/* global __VU, __ITER */
// The chat assistant's quick questions, English and Spanish, from 20 visitors at once.
// Goal: p(95) within 50 ms without a language model configured (answers from retrieval alone).
// RATE_LIMIT_NOTE (config.js) applies: the assistant allows 20 messages a minute per address.
import http from "k6/http";
import { check } from "k6";
import { options as shared, params, url } from "./config.js";

export const options = shared({ "http_req_duration{name:chat}": ["p(95)<50"] });

// The quick questions the chat window offers (frontend/src/i18n/locales/{en,es}/chat.json).
const QUESTIONS = [
  "What is David Sinclair's resveratrol protocol?",
  "Which resveratrol is best for longevity?",
  "Which product has the highest potency?",
  "What are the best budget options?",
  "Compare the top 3 products.",
  "¿En qué consiste el protocolo de resveratrol de David Sinclair?",
  "¿Cuál es el mejor resveratrol para la longevidad?",
  "¿Qué producto tiene la mayor potencia?",
  "¿Cuáles son las opciones más económicas?",
  "Compara los 3 mejores productos.",
];

export default function () {
  const message = QUESTIONS[(__VU + __ITER) % QUESTIONS.length];
  const res = http.post(
    url("/api/chat"),
    JSON.stringify({ message, conversationHistory: [] }),
    params({ json: true, tags: { name: "chat" } }),
  );
  check(res, { answered: (r) => r.status === 200 && typeof r.json("response") === "string" });
}

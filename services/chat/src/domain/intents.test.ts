import { describe, expect, it } from "vitest";
import { detectIntent } from "./intents.js";

describe("detectIntent (the five quick questions)", () => {
  it.each([
    ["David Sinclair protocol", "protocol"],
    ["Protocolo de David Sinclair", "protocol"],
    ["What does Sinclair take?", "protocol"],
    ["David Sinclair", "protocol"],
    ["¿Qué dosis toma Sinclair?", "protocol"],
    ["Best for longevity", "longevity"],
    ["Mejor para la longevidad", "longevity"],
    ["¿Cuál recomiendas para la longevidad?", "longevity"],
    // Every way of asking for advice the chat's synonym table knows (text.ts, CONCEPTS.recommend).
    ["¿Qué me aconsejas para la longevidad?", "longevity"],
    ["What would you suggest for longevity?", "longevity"],
    ["Highest potency", "potency"],
    ["Mayor potencia", "potency"],
    ["¿Cuál es el más potente?", "potency"],
    ["Which is the strongest?", "potency"],
    ["Budget options", "budget"],
    ["Opciones económicas", "budget"],
    ["What's the cheapest one?", "budget"],
    ["Compare top 3", "compare"],
    ["Comparar los 3 mejores", "compare"],
    ["Compara los tres mejores productos", "compare"],
  ])("%j → %s", (message, intent) => {
    expect(detectIntent(message)).toBe(intent);
  });

  it.each([
    "What is resveratrol?",
    "Does resveratrol extend lifespan?",
    "What is the capital of Mongolia?",
    "hola",
    "Does David Sinclair sell resveratrol?",
    "¿Sinclair vende algún suplemento?",
  ])("%j is not a quick question", (message) => {
    expect(detectIntent(message)).toBeNull();
  });
});

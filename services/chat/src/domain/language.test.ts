import { describe, expect, it } from "vitest";
import { detectLanguage } from "./language.js";

describe("detectLanguage", () => {
  it.each([
    "Protocolo de David Sinclair",
    "Mejor para la longevidad",
    "Mayor potencia",
    "Opciones económicas",
    "Comparar los 3 mejores",
    "¿Cuál es el más barato?",
    "que dosis debo tomar",
    "¡Hola!",
    "Quiero algo para el corazon",
    "me puede dar diarrea?",
    "capsulas o polvo?",
    "me da dolor de estomago, es normal?",
  ])("reads %j as Spanish", (message) => {
    expect(detectLanguage(message)).toBe("es");
  });

  it.each([
    "David Sinclair protocol",
    "Best for longevity",
    "Highest potency",
    "Budget options",
    "Compare top 3",
    "What is the capital of Mongolia?",
    "Which one is best for heart health?",
  ])("reads %j as English", (message) => {
    expect(detectLanguage(message)).toBe("en");
  });

  it("keeps the conversation's language for a message that says neither", () => {
    const history = [
      { role: "user" as const, content: "¿Cuál es el mejor para la longevidad?" },
      { role: "assistant" as const, content: "Nuestros productos mejor clasificados…" },
    ];
    expect(detectLanguage("Corvella 1000", history)).toBe("es");
    expect(detectLanguage("Corvella 1000")).toBe("en");
  });

  it("answers a message that says neither, in a new conversation, in the browser's language", () => {
    expect(detectLanguage("Corvella 1000 vs Pellucid 1000", [], "es")).toBe("es");
    expect(detectLanguage("Which is cheaper?", [], "es")).toBe("en");
  });
});

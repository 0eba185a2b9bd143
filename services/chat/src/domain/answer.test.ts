import { describe, expect, it } from "vitest";
import { buildKnowledge, type FaqAnswer } from "./knowledge.js";
import { modelAnswer, retrievalAnswer } from "./answer.js";
import { COPY } from "./copy.js";
import { buildPost as post, buildProduct as product, buildPublicOffer as offer } from "@rsv/api/factories";
import { inMarket } from "./products.js";

const products = [
  product({
    id: 1,
    name: "Alpha 1000",
    brand: "Alpha",
    potency: "1000mg",
    price: "49.00",
    placement: 2,
    rating: "4.9",
  }),
  product({
    id: 2,
    name: "Beta 250",
    brand: "Beta",
    potency: "250mg",
    price: "15.00",
    placement: 1,
    bestFor: "Beginners",
  }),
  product({
    id: 3,
    name: "Gamma 500",
    brand: "Gamma",
    potency: "500mg",
    price: "25.00",
    placement: 3,
    isTopRanked: true,
  }),
  product({
    id: 4,
    name: "Delta 600",
    brand: "Delta",
    potency: "600mg",
    price: "20.00",
    placement: null,
    bestFor: "Heart health",
  }),
];
const posts = [
  post({
    id: 1,
    title: "Resveratrol and Heart Health",
    content:
      "<h2>The French paradox</h2><p>Interest in resveratrol and the heart grew out of the French paradox. Trials measured blood pressure in adults.</p>",
  }),
];
const en = buildKnowledge("en", products, posts);
const es = buildKnowledge("es", products, []);

describe("retrievalAnswer", () => {
  it("Sinclair protocol: 500 mg with fat in the morning, products of at least 500 mg, a disclaimer", () => {
    const answer = retrievalAnswer("David Sinclair protocol", en);
    expect(answer.text).toMatch(/500 mg/);
    expect(answer.text).toMatch(/morning/);
    expect(answer.text).toMatch(/fat/);
    expect(answer.text).toMatch(/not medical advice/);
    expect(answer.products.map((p) => p.id)).toEqual([3, 1, 4]);
  });

  it("longevity: the top-ranked product first, then by placement", () => {
    expect(retrievalAnswer("Best for longevity", en).products.map((p) => p.id)).toEqual([3, 2, 1]);
  });

  it("potency: names the highest mg", () => {
    const answer = retrievalAnswer("Highest potency", en);
    expect(answer.products[0]!.id).toBe(1);
    expect(answer.text).toContain("1000 mg");
  });

  it("budget: cheapest first, with cost per mg and the best value per mg", () => {
    const answer = retrievalAnswer("Budget options", en);
    expect(answer.products.map((p) => p.id)).toEqual([2, 4, 3]);
    expect(answer.text).toContain("$0.03 per mg");
    expect(answer.text).toContain("Best value per mg: Delta 600");
  });

  it("budget in a market of euros: euro prices first, the best value among them, in euros", () => {
    // Alpha and Gamma are sold in Spain; Beta and Delta only in the default market, in dollars.
    const euros: Record<number, string> = { 1: "30.00", 3: "24.00" };
    const spain = products.map((p) =>
      inMarket(
        {
          ...p,
          offers: [
            offer({ price: p.price }),
            ...(euros[p.id] ? [offer({ market: "ES", price: euros[p.id], currency: "EUR" })] : []),
          ],
        },
        "ES",
      ),
    );
    const answer = retrievalAnswer("Budget options", { ...buildKnowledge("es", spain, []), country: "ES" });
    expect(answer.products.map((p) => p.id)).toEqual([3, 1, 2]);
    // Alpha at 0.03 €/mg beats Gamma at 0.048 €/mg; Delta's $0.033 is in another currency and not compared.
    expect(answer.text).toContain("Mejor relación precio por mg: Alpha 1000, a 0,03\u00a0€ por mg.");
  });

  it("lists the products with a coupon for a question about coupons in either language, best ranked first", () => {
    const withCoupon = [
      ...products,
      product({ id: 8, name: "Epsilon 300", brand: "Epsilon", couponCode: "SAVE10", couponDiscount: "10%" }),
      ...[9, 10, 11].map((id) =>
        product({
          id,
          name: `Zeta ${id}`,
          brand: "Zeta",
          placement: 20 + id,
          couponCode: `Z${id}`,
          couponDiscount: "5%",
        }),
      ),
      // The best ranked, with the longest coupon text, which a score ranks last.
      product({
        id: 12,
        name: "Omega 900",
        brand: "Omega",
        placement: 1,
        couponCode: "LONGEVITY10",
        couponDiscount: "10%",
        couponDescription: "Ten per cent off the first order of any size, for new customers of the store only",
      }),
    ];
    for (const [question, knowledge] of [
      ["hay cupones de descuento?", buildKnowledge("es", withCoupon, [])],
      ["any discount codes?", buildKnowledge("en", withCoupon, [])],
    ] as const) {
      const answer = retrievalAnswer(question, knowledge);
      expect(answer.products.map((p) => p.id)[0]).toBe(12);
      expect(answer.text).toContain("LONGEVITY10");
      expect(answer.products).toHaveLength(3);
    }
  });

  it.each([
    ["en", "Where can I buy it?", "whereToBuy"],
    ["en", "do you ship to the UK?", "whereToBuy"],
    ["en", "is it on amazon?", "whereToBuy"],
    ["es", "donde lo puedo comprar?", "whereToBuy"],
    ["es", "¿hacéis envíos a España?", "whereToBuy"],
    ["en", "what is this site? who are you?", "aboutSite"],
    ["en", "do you get paid by the brands?", "aboutSite"],
    ["es", "que es esta web?", "aboutSite"],
    ["es", "¿os pagan las marcas?", "aboutSite"],
  ] as const)("answers (%s) %j with what the site is and does", (lang, question, key) => {
    const answer = retrievalAnswer(question, lang === "en" ? en : es);
    expect(answer.text).toContain(COPY[lang][key]);
    expect(answer.products).toEqual([]);
  });

  it("reads a question about delivery systems as one about absorption, not shipping", () => {
    expect(retrievalAnswer("What about liposomal delivery systems?", en).text).not.toContain(COPY.en.whereToBuy);
  });

  it.each([
    ["en", "Is Alpha better than Delta?"],
    ["es", "¿Cuál es mejor, alpha o delta?"],
    ["es", "cual es mas barato, alpha o delta?"],
  ] as const)("compares two products a question (%s) %j weighs up without saying 'compare'", (lang, question) => {
    const answer = retrievalAnswer(question, lang === "en" ? en : buildKnowledge("es", products, []));
    expect(answer.intent).toBe("compare");
    expect(answer.products.map((p) => p.id)).toEqual([1, 4]);
  });

  it("compares the products a question names, a brand named alone by its best placed product", () => {
    // Two Alpha products: "Alpha" alone stands for the better placed one.
    const starter = product({ id: 5, name: "Alpha Starter 250", brand: "Alpha", potency: "250mg", placement: 9 });
    const knowledge = buildKnowledge("es", [...products, starter], []);
    const answer = retrievalAnswer("compara alpha y delta", knowledge);
    expect(answer.intent).toBe("compare");
    expect(answer.products.map((p) => p.id)).toEqual([1, 4]);
    expect(answer.text).toContain(COPY.es.compareNamed);
    expect(answer.text).toContain(COPY.es.compareSummary("Alpha 1000", "Delta 600", "Alpha 1000"));
    // A product named by its name is the one compared, whatever its brand's best.
    const named = retrievalAnswer("Alpha Starter 250 vs Gamma 500?", buildKnowledge("en", [...products, starter], []));
    expect(named.products.map((p) => p.id)).toEqual([3, 5]);
    // A product named in full lends none of its words to another of the same brand or strength.
    const alike = [
      product({ id: 6, name: "Beta Grape 250", brand: "Beta", potency: "250mg", placement: 4 }),
      product({ id: 7, name: "Beta Liposomal 250", brand: "Beta", potency: "250mg", placement: 8 }),
    ];
    const full = retrievalAnswer(
      "Alpha Starter 250 vs Beta Liposomal 250",
      buildKnowledge("en", [starter, ...alike], []),
    );
    expect(full.products.map((p) => p.id)).toEqual([7, 5]);
    // "Compartir" (to share) asks for no comparison.
    expect(retrievalAnswer("¿Puedo compartir Alpha y Delta?", knowledge).intent).not.toBe("compare");
    // One product named is no comparison: the search answers.
    expect(retrievalAnswer("compare Delta", en).intent).not.toBe("compare");
  });

  it("compare: the three best placed with price, potency and rating", () => {
    const answer = retrievalAnswer("Comparar los 3 mejores", es);
    expect(answer.products.map((p) => p.id)).toEqual([2, 1, 3]);
    // Spanish notation throughout: the price and the rating as the page writes them.
    expect(answer.text).toContain("15,00\u00a0US$");
    expect(answer.text).toContain("250mg");
    expect(answer.text).toContain("4,9/5");
    expect(answer.text).not.toMatch(/\$\d|\d\.\d\/5/);
    expect(answer.text).toContain("Mejor valorado: Alpha 1000");
    expect(answer.text).toMatch(/no es consejo médico/);
  });

  it("searches articles and products for other questions", () => {
    const answer = retrievalAnswer("Is there anything for heart health?", en);
    expect(answer.intent).toBe("search");
    expect(answer.articles[0]!.title).toBe("Resveratrol and Heart Health");
    expect(answer.text).toContain("French paradox");
    expect(answer.products[0]!.id).toBe(4);
  });

  it("says it does not know instead of inventing", () => {
    const answer = retrievalAnswer("What is the capital of Mongolia?", en);
    expect(answer.grounded).toBe(false);
    expect(answer.products).toEqual([]);
    expect(answer.text).toMatch(/^I don't have information about that/);
    expect(retrievalAnswer("¿Cuál es la capital de Mongolia?", es).text).toMatch(/^No tengo información sobre eso/);
  });

  it("keeps a model's rephrasing to what retrieval found", () => {
    const retrieval = retrievalAnswer("Comparar los 3 mejores", es);
    const phrased = modelAnswer("Beta 250 es el mejor situado.", retrieval, "es");
    expect(phrased.text).toBe(`Beta 250 es el mejor situado.\n\n${COPY.es.disclaimer}`);
    expect(phrased.products).toBe(retrieval.products);
    const signed = `Beta 250.\n\n${COPY.es.disclaimer}`;
    expect(modelAnswer(signed, retrieval, "es").text).toBe(signed);
    expect(modelAnswer(`${COPY.en.dontKnow} Sorry.`, retrieval, "en")).toEqual({
      text: COPY.en.dontKnow,
      products: [],
      articles: [],
    });
  });

  it("keeps with a model's rephrasing the articles it may link to, so their links are named by title", () => {
    const retrieval = retrievalAnswer("Is there anything for heart health?", en);
    expect(retrieval.articles).toEqual([
      expect.objectContaining({ title: "Resveratrol and Heart Health", link: "/blog/resveratrol-and-heart-health" }),
    ]);
    expect(retrieval.text).toContain("Read more: /blog/resveratrol-and-heart-health");
    const phrased = modelAnswer("See /blog/resveratrol-and-heart-health.", retrieval, "en");
    expect(phrased.articles).toBe(retrieval.articles);
    expect(modelAnswer(COPY.en.dontKnow, retrieval, "en").articles).toEqual([]);
  });

  it.each([
    ["es", "¿Cuál es el más barato con al menos 500 mg?"],
    ["en", "What is the cheapest with at least 500 mg?"],
  ] as const)(
    "honours the limits a question sets (%s): the cheapest of those with 500 mg or more",
    (lang, question) => {
      const answer = retrievalAnswer(question, lang === "es" ? es : en);
      // Beta 250 is the cheapest of all, but below the 500 mg asked for.
      expect(answer.products.map((p) => p.name)).toEqual(["Delta 600", "Gamma 500", "Alpha 1000"]);
    },
  );

  it("lists what is within limits when nothing else was asked, and says so when nothing is", () => {
    expect(retrievalAnswer("menos de 22 € y hasta 700 mg", es).products.map((p) => p.name)).toEqual([
      "Beta 250",
      "Delta 600",
    ]);
    const none = retrievalAnswer("at least 2000 mg under $10", en);
    expect(none.products).toEqual([]);
    expect(none.text).toContain(COPY.en.noneWithin);
  });

  describe("health topics and the site's own answers", () => {
    // As the demo catalogue has them: one product for the eyes, two for the heart, none for the skin.
    const catalogue = [
      product({ id: 11, name: "Corvella 1000", brand: "Corvella", placement: 1, isTopRanked: true }),
      product({
        id: 12,
        name: "Saltmarsh Hawaiian 500",
        brand: "Saltmarsh",
        placement: 5,
        bestFor: "Heart health support",
      }),
      product({
        id: 13,
        name: "Novalith VisionGuard 250",
        brand: "Novalith",
        price: "32.95",
        placement: 9,
        bestFor: "Eye and vision support",
      }),
      product({ id: 14, name: "Pellucid Cardio 600", brand: "Pellucid", placement: 12, bestFor: "Heart health" }),
    ];
    const enEs = (bestFor: Record<number, string>) =>
      catalogue.map((p) => ({ ...p, bestFor: bestFor[p.id] ?? p.bestFor }));
    const spanish = enEs({
      12: "Apoyo a la salud del corazón",
      13: "Apoyo a la salud ocular y la visión",
      14: "Salud cardíaca",
    });
    const bioavailability = post({
      id: 21,
      title: "Resveratrol Bioavailability",
      content:
        "<h2>The bioavailability problem</h2><p>Human studies have found that free resveratrol levels in the blood stay low even after large doses.</p>" +
        "<h2>What about higher doses?</h2><p>Raising the dose increases blood levels, but it also increases the likelihood of side effects.</p>",
    });
    const faqPage = { en: "/faq", es: "/es/preguntas-frecuentes" } as const;
    const guide = { en: "/beginners-guide", es: "/es/guia-principiantes" } as const;
    // The FAQ page's questions, then a guide's: one of its own, and one the FAQ page answers too.
    const faq = (lang: "en" | "es"): FaqAnswer[] => [
      ...onFaqPage(lang).map((entry) => ({ ...entry, link: faqPage[lang] })),
      ...(lang === "en"
        ? [
            {
              id: 10,
              section: "Common questions",
              question: "How long before I notice anything?",
              answer: "Give it eight to twelve weeks of daily use before judging it.",
              link: guide.en,
              guide: "Beginner's Guide",
            },
            {
              id: 12,
              section: "Common questions",
              question: "Is resveratrol the same as drinking red wine?",
              answer: "No. A glass of red wine holds far less than a capsule.",
              link: guide.en,
              guide: "Beginner's Guide",
            },
            {
              id: 11,
              section: "Common questions",
              question: "How much resveratrol should I take?",
              answer: "Start low: take the resveratrol dose the label suggests, and how much you take can rise later.",
              link: guide.en,
              guide: "Beginner's Guide",
            },
          ]
        : [
            {
              id: 10,
              section: "Preguntas habituales",
              question: "¿Cuánto tarda en notarse?",
              answer: "Dale de ocho a doce semanas de uso diario antes de juzgarlo.",
              link: guide.es,
              guide: "Guía para principiantes",
            },
          ]),
    ];
    const onFaqPage = (lang: "en" | "es"): Array<Omit<FaqAnswer, "link">> =>
      lang === "en"
        ? [
            {
              id: 1,
              section: "General",
              question: "What is resveratrol?",
              answer: "Resveratrol is a natural polyphenol found in grape skins and red wine.",
            },
            {
              id: 2,
              section: "Dosage",
              question: "How much resveratrol should I take?",
              answer: "Studies commonly use 250 to 500mg a day, and 500mg is a popular daily dose.",
            },
            {
              id: 3,
              section: "Dosage",
              question: "Should I take resveratrol with food?",
              answer: "Yes. Taking it with a meal that contains healthy fats can improve absorption.",
            },
            {
              id: 4,
              section: "Safety",
              question: "Are there side effects?",
              answer: "Some people notice mild digestive upset at high doses, usually above 1,000mg a day.",
            },
            {
              id: 6,
              section: "Dosage",
              question: "When is the best time to take it?",
              answer: "In the morning, with breakfast.",
            },
            {
              id: 5,
              section: "Choosing a Supplement",
              question: "Are more expensive brands better?",
              answer: "Not necessarily. Compare the cost per mg rather than the bottle price.",
            },
          ]
        : [
            {
              id: 1,
              section: "Dosis",
              question: "¿Cuánto resveratrol debo tomar?",
              answer:
                "Los estudios suelen utilizar entre 250 y 500mg al día, y 500mg es una dosis diaria muy habitual.",
            },
            {
              id: 2,
              section: "Cómo elegir un suplemento",
              question: "¿Las marcas más caras son mejores?",
              answer: "No necesariamente. Compara el coste por mg en lugar del precio del envase.",
            },
            {
              id: 4,
              section: "Dosis",
              question: "¿Cuál es el mejor momento para tomarlo?",
              answer: "Por la mañana, con el desayuno.",
            },
            {
              id: 5,
              section: "Seguridad",
              question: "¿Interactúa con medicamentos?",
              answer: "Puede interactuar con anticoagulantes y con algunos medicamentos para la tensión arterial.",
            },
            {
              id: 3,
              section: "Seguridad",
              question: "¿Quién debe evitar el resveratrol?",
              answer: "Las personas embarazadas o en periodo de lactancia deben evitarlo salvo indicación médica.",
            },
          ];
    const english = buildKnowledge("en", catalogue, [bioavailability], faq("en"));
    const castellano = buildKnowledge("es", spanish, [], faq("es"));

    it.each([
      [english, "Which product do you recommend for eye health and how much is it?"],
      [castellano, "¿Qué producto me recomiendas para los ojos y cuánto cuesta?"],
      [castellano, "que me recomiendas para la vista"],
    ])("recommends for a health topic only the products made for it: %#", (knowledge, question) => {
      const answer = retrievalAnswer(question, knowledge);
      expect(answer.grounded).toBe(true);
      expect(answer.products.map((p) => p.id)).toEqual([13]);
      // The price is in its line; the FAQ on prices does not answer a question about the eyes.
      expect(answer.text).toMatch(/32[.,]95/);
      expect(answer.text).not.toContain("expensive");
      expect(answer.text).not.toContain("caras");
    });

    it("recommends accent-less and everyday words alike: corazon, corazón, cardio", () => {
      for (const question of ["producto para el corazon", "¿Qué me recomiendas para el corazón?", "algo cardio"]) {
        expect(
          retrievalAnswer(question, castellano)
            .products.map((p) => p.id)
            .sort(),
        ).toEqual([12, 14]);
      }
    });

    it("falls back to the top-ranked products when none is made for the topic, and says so", () => {
      const answer = retrievalAnswer("algo para la piel", castellano);
      expect(answer.products.map((p) => p.id)).toEqual([11, 12, 13]);
      expect(answer.text).toContain(COPY.es.noneForTopic("la piel"));
      const memory = retrievalAnswer("Do you recommend something for the brain and memory?", english);
      expect(memory.text).toContain(COPY.en.noneForTopic("the brain and memory"));
    });

    it.each([
      ["en", "What is the best resveratrol dose?", "250 to 500mg a day"],
      ["en", "How much resveratrol should I take?", "250 to 500mg a day"],
      ["es", "¿Cuál es la mejor dosis de resveratrol?", "entre 250 y 500mg al día"],
      ["es", "que dosis tomo", "entre 250 y 500mg al día"],
    ] as const)("answers a dose question (%s) %j with the FAQ's dose", (lang, question, dose) => {
      const answer = retrievalAnswer(question, lang === "en" ? english : castellano);
      expect(answer.text).toContain(dose);
      expect(answer.text).toContain(
        COPY[lang].faqLead(lang === "en" ? "How much resveratrol should I take?" : "¿Cuánto resveratrol debo tomar?"),
      );
      // The FAQ page's answer, though a guide asks the same question.
      expect(answer.text).toContain(COPY[lang].readMore(faqPage[lang]));
      expect(answer.text).not.toContain("Start low");
      // The FAQ answered what was asked: no product list was asked for.
      expect(answer.products).toEqual([]);
      expect(answer.text).not.toContain("What about higher doses?");
    });

    it.each([
      ["en", "How long until I notice anything?", "eight to twelve weeks"],
      ["es", "¿Cuánto tarda en notarse algo?", "de ocho a doce semanas"],
    ] as const)("answers (%s) %j from a guide's questions, naming and linking the guide", (lang, question, said) => {
      const answer = retrievalAnswer(question, lang === "en" ? english : castellano);
      expect(answer.text).toContain(said);
      const entry = faq(lang).find((e) => e.answer.includes(said))!;
      expect(answer.text).toContain(COPY[lang].guideFaqLead(entry.guide!, entry.question));
      expect(answer.text).toContain(COPY[lang].readMore(guide[lang]));
    });

    it.each([
      ["en", "When should I take it?", "In the morning, with breakfast."],
      ["es", "¿Cuándo es mejor tomar resveratrol?", "Por la mañana, con el desayuno."],
      ["es", "¿A qué hora lo tomo?", "Por la mañana, con el desayuno."],
    ] as const)(
      "answers (%s) %j, a question of when, from the FAQ, not with the best products",
      (lang, question, said) => {
        const answer = retrievalAnswer(question, lang === "en" ? english : castellano);
        expect(answer.text).toContain(said);
        expect(answer.products).toEqual([]);
      },
    );

    it("answers from the entry whose own question holds what was asked, not one whose answer merely names it", () => {
      const answer = retrievalAnswer("Is resveratrol the same as red wine?", english);
      expect(answer.text).toContain("far less than a capsule");
      expect(retrievalAnswer("What is resveratrol?", english).text).toContain("natural polyphenol");
    });

    it("offers an article after the FAQ's answer only when its title is about what was asked", () => {
      // The bioavailability article mentions side effects in passing.
      const sideEffects = retrievalAnswer("Are there side effects?", english);
      expect(sideEffects.text).toContain("mild digestive upset");
      expect(sideEffects.articles).toEqual([]);
      expect(sideEffects.text).not.toContain("/blog/");
      const absorption = retrievalAnswer("How much should I take for better bioavailability?", english);
      expect(absorption.text).toContain("healthy fats");
      expect(absorption.articles.map((a) => a.title)).toEqual(["Resveratrol Bioavailability"]);
    });

    it.each([
      ["es", "tomo pastillas para la tension, puedo tomar resveratrol?", "anticoagulantes"],
      ["es", "puedo tomarlo si tomo sintrom", "anticoagulantes"],
      ["es", "y si estoy dando el pecho?", "periodo de lactancia"],
      ["es", "puedo tomarlo enbarazada?", "periodo de lactancia"],
      ["es", "lo tomo por la mañana o por la noche?", "Por la mañana, con el desayuno."],
      ["en", "can i take it on an empty stomach?", "healthy fats"],
      ["en", "how much time until I notice anything?", "eight to twelve weeks"],
    ] as const)("answers (%s) %j in everyday words from the FAQ", (lang, question, said) => {
      const answer = retrievalAnswer(question, lang === "en" ? english : castellano);
      expect(answer.text).toContain(said);
    });

    it("reads what a question asks besides its price limit", () => {
      const best = retrievalAnswer("best resveratrol under $30", english);
      expect(best.products.length).toBeGreaterThan(0);
      expect(best.products.every((p) => Number(p.price) <= 30)).toBe(true);
      expect(best.text).not.toContain("twelve weeks");
    });

    describe("a follow-up about the last answer's products", () => {
      const listed = (question: string) => [
        { role: "user" as const, content: question },
        { role: "assistant" as const, content: retrievalAnswer(question, castellano).text },
      ];

      it("takes 'y el segundo?' as the second product the last answer listed", () => {
        const history = listed("cual es el mejor");
        expect(retrievalAnswer("cual es el mejor", castellano).products.map((p) => p.id)).toEqual([11, 12, 13]);
        expect(retrievalAnswer("y el segundo?", castellano, history).products.map((p) => p.id)).toEqual([12]);
        expect(retrievalAnswer("¿y el tercero?", castellano, history).products.map((p) => p.id)).toEqual([13]);
      });

      it("takes a price question naming nothing as about the first product listed", () => {
        const history = listed("algo para los ojos");
        const price = retrievalAnswer("¿cuánto cuesta?", castellano, history);
        expect(price.products.map((p) => p.id)).toEqual([13]);
        expect(price.text).toContain("32,95");
      });

      it("leaves a question about taking it, or one naming a product, as it is", () => {
        const history = listed("algo para los ojos");
        expect(retrievalAnswer("¿lo puedo tomar por la mañana?", castellano, history).products).toEqual([]);
        expect(retrievalAnswer("¿cuánto cuesta Corvella 1000?", castellano, history).products.map((p) => p.id)).toEqual(
          [11],
        );
        expect(retrievalAnswer("y el segundo?", castellano, []).products).toEqual([]);
      });
    });

    it("recommends the products made for beginners to one starting out", () => {
      const starter = product({ id: 15, name: "Corvella Starter 250", brand: "Corvella", placement: 3 });
      // A strong product whose description speaks of starting, as the demo catalogue's 1000 mg one does.
      const strong = product({ id: 16, name: "Pellucid Max 1000", brand: "Pellucid", placement: 2 });
      const en = buildKnowledge(
        "en",
        [
          ...catalogue,
          { ...starter, bestFor: "Beginners" },
          { ...strong, bestFor: "Experienced users", description: "For those who start beyond lower doses." },
        ],
        [],
        faq("en"),
      );
      const es = buildKnowledge(
        "es",
        [
          ...spanish,
          { ...starter, bestFor: "Principiantes" },
          { ...strong, bestFor: "Usuarios con experiencia", description: "Para quienes quieren empezar fuerte." },
        ],
        [],
        faq("es"),
      );
      expect(retrievalAnswer("cual me recomiendas para empezar", es).products.map((p) => p.id)).toEqual([15]);
      expect(retrievalAnswer("Which one would you suggest for a beginner?", en).products.map((p) => p.id)).toEqual([
        15,
      ]);
    });

    it("answers side effects and pregnancy from the FAQ", () => {
      expect(retrievalAnswer("Are there side effects?", english).text).toContain("mild digestive upset");
      expect(retrievalAnswer("¿Puedo tomar resveratrol si estoy embarazada?", castellano).text).toContain(
        "embarazadas o en periodo de lactancia",
      );
    });

    it("quotes an article's body sentences only, never a heading, never ending on a question", () => {
      const articleOnly = buildKnowledge("en", catalogue, [bioavailability], []);
      const answer = retrievalAnswer("What is the best resveratrol dose?", articleOnly);
      const snippet = answer.articles[0]!.text;
      expect(snippet).toContain("stay low even after large doses.");
      expect(snippet).not.toContain("What about higher doses");
      expect(snippet).not.toContain("The bioavailability problem");
      expect(snippet).not.toMatch(/\?\s*$/);
      expect(answer.text).not.toMatch(/\?\n/);
    });

    it("answers a question about taking it as such, whatever body part it names", () => {
      const pregnant = retrievalAnswer(
        "¿Puedo tomarlo si estoy embarazada y tengo la tensión arterial alta?",
        castellano,
      );
      expect(pregnant.text).toContain("embarazadas o en periodo de lactancia");
      expect(pregnant.products).toEqual([]);
      const dose = retrievalAnswer("¿Cuántos mg al día para la piel?", castellano);
      expect(dose.text).toContain("entre 250 y 500mg al día");
      expect(dose.text).not.toContain(COPY.es.noneForTopic("la piel"));
      expect(retrievalAnswer("Are there side effects for the eyes?", english).text).toContain("mild digestive upset");
    });

    it("reads a price per day, a product's price and everyday Spanish as what they are", () => {
      expect(retrievalAnswer("¿Cuánto cuesta al día?", castellano).text).not.toContain("entre 250 y 500mg");
      expect(retrievalAnswer("How much does it cost per day?", english).text).not.toContain("250 to 500mg");
      const corvella = retrievalAnswer("¿Cuánto cuesta Corvella?", castellano);
      expect(corvella.products.map((p) => p.id)).toEqual([11]);
      expect(corvella.text).not.toContain("marcas más caras");
      expect(retrievalAnswer("¿Cuál tiene mejor relación calidad-precio?", castellano).products.length).toBeGreaterThan(
        0,
      );
      // "Punto de vista" is no question about the eyes, nor "me cuesta dormir" one about prices.
      expect(
        retrievalAnswer("Desde tu punto de vista, ¿cuál es el mejor?", castellano).products.map((p) => p.id),
      ).toEqual([11, 12, 13]);
      expect(retrievalAnswer("me cuesta dormir", castellano).text).not.toContain("marcas más caras");
    });

    it("answers 'which is the best?' with the site's top recommendations", () => {
      for (const question of [
        "Which is the best resveratrol?",
        "What do you suggest?",
        "cual es el mejor",
        "¿Qué me aconsejas?",
      ]) {
        const answer = retrievalAnswer(question, /^[A-Z]/.test(question) ? english : castellano);
        expect(answer.products.map((p) => p.id)).toEqual([11, 12, 13]);
      }
    });
  });
});

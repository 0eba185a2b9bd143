// Demo seed data: clearly fictional resveratrol supplement products.
// All brand names are invented; all offers point to example domains.

import type { OfferInput, ProductInput } from "@rsv/api/client";

/** A demo product with its retailers' offers (their product ids are given when seeded). */
export type DemoProduct = ProductInput & { offers: Array<Omit<OfferInput, "productId">> };

export const demoProducts: DemoProduct[] = [
  // 1
  {
    name: "Corvella Trans-Resveratrol 1000",
    brand: "Corvella Labs",
    description:
      "A high-strength capsule delivering 1000mg of trans-resveratrol extracted from Japanese knotweed. Each batch is third-party tested for purity and label accuracy. A strong option for experienced users who want a well-documented, single-ingredient formula.",
    imageUrl: "/api/images/demo-1.png",
    rating: "4.9",
    reviewCount: 3150,
    potency: "1000mg",
    source: "Japanese Knotweed",
    bestFor: "Overall longevity support",
    price: "49.95",
    placement: 1,
    featured: true,
    badge: "Editor's Choice",
    features: [
      "98% trans-resveratrol",
      "Third-party tested for purity",
      "Vegan capsules",
      "No fillers or artificial colours",
      "Certificate of analysis for every batch",
    ],
    benefits: [
      "May support healthy cellular aging",
      "Studied for its role in sirtuin activity",
      "May support antioxidant defences",
      "Convenient once-daily serving",
    ],
    offers: [
      {
        retailer: "Longevity Shop",
        market: "default",
        url: "https://shop.example.com/corvella-labs/trans-resveratrol-1000?tag=rsv-20",
        price: "49.95",
        currency: "USD",
      },
      {
        retailer: "Vitalhaus",
        market: "DE",
        url: "https://shop.example.de/corvella-labs/trans-resveratrol-1000?tag=rsv-de-21",
        price: "45.90",
        currency: "EUR",
      },
      {
        retailer: "Farmacia Sol",
        market: "ES",
        url: "https://shop.example.es/corvella-labs/trans-resveratrol-1000?tag=rsv-es-21",
        price: "45.90",
        currency: "EUR",
      },
      {
        retailer: "Gezond Plein",
        market: "NL",
        url: "https://shop.example.nl/corvella-labs/trans-resveratrol-1000?tag=rsv-nl-21",
        price: "45.90",
        currency: "EUR",
      },
      {
        retailer: "Apteka Zdrowie",
        market: "PL",
        url: "https://shop.example.pl/corvella-labs/trans-resveratrol-1000?tag=rsv-pl-21",
        price: "204.00",
        currency: "PLN",
      },
    ],
    htmlContent:
      "<h3>Why we rank it first</h3>" +
      "<p>Corvella Trans-Resveratrol 1000 combines a <strong>high, clearly labelled dose</strong> with transparent testing. Every lot ships with a certificate of analysis confirming trans-resveratrol content.</p>" +
      "<h3>What stands out</h3>" +
      "<ul><li>1000mg per serving from Japanese knotweed</li><li>Independent purity and heavy-metal testing</li><li>Plant-based capsule shell</li></ul>" +
      "<p>As with any supplement, research in humans is still developing. Talk to a healthcare professional before starting, especially if you take blood thinners or other medication.</p>",
    couponCode: "LONGEVITY10",
    couponDiscount: "10% off",
    couponDescription: "Save 10% on your first order of Corvella Trans-Resveratrol 1000.",
    inStock: true,
    isTopRanked: true,
    keywords: "trans-resveratrol, 1000mg, japanese knotweed, longevity, third-party tested",
    category: "resveratrol",
    ageRange: "40+",
    translations: {
      es: {
        description:
          "Una cápsula de alta concentración con 1000 mg de trans-resveratrol extraído de la hierba nudosa japonesa. Cada lote se analiza por un laboratorio independiente para verificar su pureza y la exactitud de la etiqueta. Una buena opción para usuarios con experiencia que buscan una fórmula de un solo ingrediente bien documentada.",
        bestFor: "Apoyo general a la longevidad",
        features: [
          "98 % trans-resveratrol",
          "Analizado por terceros",
          "Cápsulas veganas",
          "Sin rellenos ni colorantes artificiales",
          "Certificado de análisis para cada lote",
        ],
        benefits: [
          "Puede favorecer un envejecimiento celular saludable",
          "Estudiado por su papel en la actividad de las sirtuinas",
          "Puede apoyar las defensas antioxidantes",
          "Cómoda toma única diaria",
        ],
        htmlContent:
          "<h3>Por qué ocupa el primer puesto</h3>" +
          "<p>Corvella Trans-Resveratrol 1000 combina una <strong>dosis alta y claramente etiquetada</strong> con análisis transparentes. Cada lote incluye un certificado de análisis que confirma el contenido de trans-resveratrol.</p>" +
          "<h3>Lo más destacado</h3>" +
          "<ul><li>1000 mg por toma de hierba nudosa japonesa</li><li>Análisis independientes de pureza y metales pesados</li><li>Cápsula de origen vegetal</li></ul>" +
          "<p>Como con cualquier suplemento, la investigación en humanos aún está en desarrollo. Consulta a un profesional de la salud antes de empezar, sobre todo si tomas anticoagulantes u otros medicamentos.</p>",
        badge: "Elección del editor",
        couponDiscount: "10 % de descuento",
        couponDescription: "Ahorra un 10 % en tu primer pedido de Corvella Trans-Resveratrol 1000.",
      },
    },
  },
  // 2
  {
    name: "Ambergrove Grape Skin Resveratrol 250",
    brand: "Ambergrove Naturals",
    description:
      "A gentle 250mg daily dose sourced from red grape skins. It offers solid quality at one of the lowest prices in our rankings. A sensible pick if you want to try resveratrol without a large upfront cost.",
    imageUrl: "/api/images/demo-2.png",
    rating: "4.6",
    reviewCount: 1240,
    potency: "250mg",
    source: "Grape Skin",
    bestFor: "Budget-conscious buyers",
    price: "19.99",
    placement: 2,
    featured: true,
    badge: "Best Value",
    features: ["Grape skin extract", "120 capsules per bottle", "Gluten-free", "Made in a GMP-certified facility"],
    benefits: [
      "May support antioxidant activity",
      "Affordable long-term use",
      "Lower dose suited to daily routines",
      "Studied for its role in healthy aging",
    ],
    offers: [
      {
        retailer: "Longevity Shop",
        market: "default",
        url: "https://shop.example.com/ambergrove-naturals/grape-skin-resveratrol-250?tag=rsv-20",
        price: "19.99",
        currency: "USD",
      },
      {
        retailer: "Vitalhaus",
        market: "DE",
        url: "https://shop.example.de/ambergrove-naturals/grape-skin-resveratrol-250?tag=rsv-de-21",
        price: "18.49",
        currency: "EUR",
      },
      {
        retailer: "Farmacia Sol",
        market: "ES",
        url: "https://shop.example.es/ambergrove-naturals/grape-skin-resveratrol-250?tag=rsv-es-21",
        price: "18.49",
        currency: "EUR",
      },
      {
        retailer: "Gezond Plein",
        market: "NL",
        url: "https://shop.example.nl/ambergrove-naturals/grape-skin-resveratrol-250?tag=rsv-nl-21",
        price: "18.49",
        currency: "EUR",
      },
      {
        retailer: "Apteka Zdrowie",
        market: "PL",
        url: "https://shop.example.pl/ambergrove-naturals/grape-skin-resveratrol-250?tag=rsv-pl-21",
        price: "81.00",
        currency: "PLN",
      },
    ],
    htmlContent: null,
    couponCode: "GROVE15",
    couponDiscount: "15% off",
    couponDescription: "Take 15% off any Ambergrove Naturals resveratrol bottle.",
    inStock: true,
    isTopRanked: false,
    keywords: "grape skin resveratrol, budget, 250mg, best value",
    category: "resveratrol",
    ageRange: "30+",
    translations: {
      es: {
        description:
          "Una dosis diaria suave de 250 mg obtenida de la piel de uva tinta. Ofrece buena calidad a uno de los precios más bajos de nuestra clasificación. Una elección sensata si quieres probar el resveratrol sin un gran gasto inicial.",
        bestFor: "Compradores con presupuesto ajustado",
        features: [
          "Extracto de piel de uva",
          "120 cápsulas por frasco",
          "Sin gluten",
          "Fabricado en instalaciones con certificación GMP",
        ],
        benefits: [
          "Puede apoyar la actividad antioxidante",
          "Asequible para un uso prolongado",
          "Dosis moderada adecuada para la rutina diaria",
          "Estudiado por su papel en el envejecimiento saludable",
        ],
        badge: "Mejor relación calidad-precio",
        couponDiscount: "15 % de descuento",
        couponDescription: "Llévate un 15 % de descuento en cualquier frasco de resveratrol de Ambergrove Naturals.",
      },
    },
  },
  // 3
  {
    name: "Novalith Resveratrol + NMN Stack",
    brand: "Novalith Health",
    description:
      "Pairs 500mg of trans-resveratrol with 250mg of NMN in a single daily serving. The combination is popular with people interested in NAD+ research. Evidence for the stack in humans is still early, so expectations should stay modest.",
    imageUrl: "/api/images/demo-3.png",
    rating: "4.7",
    reviewCount: 980,
    potency: "500mg",
    source: "Japanese Knotweed",
    bestFor: "NAD+ support",
    price: "59.00",
    placement: 3,
    featured: true,
    badge: "Best Stack",
    features: [
      "500mg trans-resveratrol + 250mg NMN",
      "Third-party tested",
      "Vegan capsules",
      "Stability-tested packaging",
      "Two-in-one formula",
    ],
    benefits: [
      "May support cellular NAD+ levels",
      "Studied for its role in mitochondrial health",
      "Simplifies a two-supplement routine",
      "May support healthy energy metabolism",
    ],
    offers: [
      {
        retailer: "Longevity Shop",
        market: "default",
        url: "https://shop.example.com/novalith-health/resveratrol-nmn-stack?tag=rsv-20",
        price: "59.00",
        currency: "USD",
      },
      {
        retailer: "Vitalhaus",
        market: "DE",
        url: "https://shop.example.de/novalith-health/resveratrol-nmn-stack?tag=rsv-de-21",
        price: "54.49",
        currency: "EUR",
      },
      {
        retailer: "Farmacia Sol",
        market: "ES",
        url: "https://shop.example.es/novalith-health/resveratrol-nmn-stack?tag=rsv-es-21",
        price: "54.49",
        currency: "EUR",
      },
      {
        retailer: "Gezond Plein",
        market: "NL",
        url: "https://shop.example.nl/novalith-health/resveratrol-nmn-stack?tag=rsv-nl-21",
        price: "54.49",
        currency: "EUR",
      },
      {
        retailer: "Apteka Zdrowie",
        market: "PL",
        url: "https://shop.example.pl/novalith-health/resveratrol-nmn-stack?tag=rsv-pl-21",
        price: "241.00",
        currency: "PLN",
      },
    ],
    htmlContent:
      "<h3>Resveratrol and NMN together</h3>" +
      "<p>Resveratrol has been <strong>studied for its interaction with sirtuins</strong>, enzymes that depend on NAD+. NMN is a precursor the body can use to make NAD+, which is why the two are often combined.</p>" +
      "<ul><li>500mg trans-resveratrol from Japanese knotweed</li><li>250mg NMN per serving</li><li>Independent lab verification</li></ul>" +
      "<p>Most of the research on this pairing comes from cell and animal studies. Human trials are small and short, so treat claims about the combination with caution.</p>",
    couponCode: null,
    couponDiscount: null,
    couponDescription: null,
    inStock: true,
    isTopRanked: false,
    keywords: "resveratrol nmn, nad+, stack, sirtuins",
    category: "resveratrol-nmn-stack",
    ageRange: "40+",
    translations: {
      es: {
        description:
          "Combina 500 mg de trans-resveratrol con 250 mg de NMN en una sola toma diaria. Esta combinación es popular entre quienes siguen la investigación sobre el NAD+. La evidencia en humanos aún es preliminar, por lo que conviene mantener expectativas moderadas.",
        bestFor: "Apoyo al NAD+",
        features: [
          "500 mg de trans-resveratrol + 250 mg de NMN",
          "Analizado por terceros",
          "Cápsulas veganas",
          "Envase con pruebas de estabilidad",
          "Fórmula dos en uno",
        ],
        benefits: [
          "Puede apoyar los niveles celulares de NAD+",
          "Estudiado por su papel en la salud mitocondrial",
          "Simplifica una rutina de dos suplementos",
          "Puede favorecer un metabolismo energético saludable",
        ],
        htmlContent:
          "<h3>Resveratrol y NMN juntos</h3>" +
          "<p>El resveratrol se ha <strong>estudiado por su interacción con las sirtuinas</strong>, enzimas que dependen del NAD+. El NMN es un precursor que el cuerpo puede usar para producir NAD+, por eso ambos suelen combinarse.</p>" +
          "<ul><li>500 mg de trans-resveratrol de hierba nudosa japonesa</li><li>250 mg de NMN por toma</li><li>Verificación por laboratorio independiente</li></ul>" +
          "<p>La mayor parte de la investigación sobre esta combinación procede de estudios celulares y en animales. Los ensayos en humanos son pequeños y breves, así que conviene tomar con cautela las afirmaciones sobre la combinación.</p>",
        badge: "Mejor combinación",
      },
    },
  },
  // 4
  {
    name: "Thistlecrest Pure Resveratrol 600",
    brand: "Thistlecrest Nutrition",
    description:
      "A mid-to-high 600mg dose from a natural, standardised botanical extract. The formula keeps things simple, with no added stimulants or proprietary blends. A reliable everyday choice at a fair price.",
    imageUrl: "/api/images/demo-4.png",
    rating: "4.5",
    reviewCount: 2210,
    potency: "600mg",
    source: "Natural",
    bestFor: "Everyday longevity routine",
    price: "25.00",
    placement: 4,
    featured: false,
    badge: null,
    features: ["Standardised natural extract", "No proprietary blends", "Non-GMO", "Vegetarian capsules"],
    benefits: [
      "May support healthy aging",
      "May support antioxidant defences",
      "Simple single-ingredient formula",
      "Studied for its role in cellular health",
    ],
    offers: [
      {
        retailer: "Longevity Shop",
        market: "default",
        url: "https://shop.example.com/thistlecrest-nutrition/pure-resveratrol-600?tag=rsv-20",
        price: "25.00",
        currency: "USD",
      },
    ],
    htmlContent: null,
    couponCode: null,
    couponDiscount: null,
    couponDescription: null,
    inStock: true,
    isTopRanked: false,
    keywords: "natural resveratrol, 600mg, daily supplement",
    category: "resveratrol",
    ageRange: "30+",
    translations: {
      es: {
        description:
          "Una dosis media-alta de 600 mg procedente de un extracto botánico natural y estandarizado. La fórmula es sencilla, sin estimulantes añadidos ni mezclas patentadas. Una opción fiable para el día a día a un precio justo.",
        bestFor: "Rutina diaria de longevidad",
        features: ["Extracto natural estandarizado", "Sin mezclas patentadas", "Sin OMG", "Cápsulas vegetarianas"],
        benefits: [
          "Puede favorecer un envejecimiento saludable",
          "Puede apoyar las defensas antioxidantes",
          "Fórmula sencilla de un solo ingrediente",
          "Estudiado por su papel en la salud celular",
        ],
      },
    },
  },
  // 5
  {
    name: "Saltmarsh Hawaiian Resveratrol 500",
    brand: "Saltmarsh Botanicals",
    description:
      "A 500mg formula built around a Hawaiian-sourced botanical blend. It is made in small batches and packaged in light-protective glass. A good fit for people who value sourcing transparency.",
    imageUrl: "/api/images/demo-5.png",
    rating: "4.4",
    reviewCount: 760,
    potency: "500mg",
    source: "Hawaiian",
    bestFor: "Heart health support",
    price: "35.00",
    placement: 5,
    featured: false,
    badge: null,
    features: [
      "Hawaiian-sourced botanicals",
      "Small-batch production",
      "Amber glass bottle",
      "Third-party tested",
      "Vegan capsules",
    ],
    benefits: [
      "May support healthy circulation",
      "Studied for its role in cardiovascular health",
      "May support antioxidant activity",
      "Light-protected for freshness",
    ],
    offers: [
      {
        retailer: "Longevity Shop",
        market: "default",
        url: "https://shop.example.com/saltmarsh-botanicals/hawaiian-resveratrol-500?tag=rsv-20",
        price: "35.00",
        currency: "USD",
      },
      {
        retailer: "Vitalhaus",
        market: "DE",
        url: "https://shop.example.de/saltmarsh-botanicals/hawaiian-resveratrol-500?tag=rsv-de-21",
        price: "32.49",
        currency: "EUR",
      },
      {
        retailer: "Farmacia Sol",
        market: "ES",
        url: "https://shop.example.es/saltmarsh-botanicals/hawaiian-resveratrol-500?tag=rsv-es-21",
        price: "32.49",
        currency: "EUR",
      },
      {
        retailer: "Gezond Plein",
        market: "NL",
        url: "https://shop.example.nl/saltmarsh-botanicals/hawaiian-resveratrol-500?tag=rsv-nl-21",
        price: "32.49",
        currency: "EUR",
      },
      {
        retailer: "Apteka Zdrowie",
        market: "PL",
        url: "https://shop.example.pl/saltmarsh-botanicals/hawaiian-resveratrol-500?tag=rsv-pl-21",
        price: "143.00",
        currency: "PLN",
      },
    ],
    htmlContent:
      "<h3>Sourcing you can trace</h3>" +
      "<p>Saltmarsh Botanicals publishes the origin of each ingredient lot. The <strong>500mg Hawaiian formula</strong> is made in small batches and bottled in amber glass to limit light exposure.</p>" +
      "<ul><li>500mg resveratrol per serving</li><li>Independent lab testing</li><li>Plastic-free primary packaging</li></ul>" +
      "<p>Cardiovascular research on resveratrol in people is mixed. If you have a heart condition or take medication, check with your doctor first.</p>",
    couponCode: "SALTMARSH5",
    couponDiscount: "$5 off",
    couponDescription: "Get $5 off orders of two or more bottles.",
    inStock: true,
    isTopRanked: false,
    keywords: "hawaiian resveratrol, heart health, small batch",
    category: "resveratrol",
    ageRange: "50+",
    translations: {
      es: {
        description:
          "Una fórmula de 500 mg basada en una mezcla botánica de origen hawaiano. Se elabora en pequeños lotes y se envasa en vidrio que protege de la luz. Adecuada para quienes valoran la transparencia en el origen de los ingredientes.",
        bestFor: "Apoyo a la salud del corazón",
        features: [
          "Botánicos de origen hawaiano",
          "Producción en pequeños lotes",
          "Frasco de vidrio ámbar",
          "Analizado por terceros",
          "Cápsulas veganas",
        ],
        benefits: [
          "Puede apoyar una circulación saludable",
          "Estudiado por su papel en la salud cardiovascular",
          "Puede apoyar la actividad antioxidante",
          "Protegido de la luz para mayor frescura",
        ],
        htmlContent:
          "<h3>Un origen que se puede rastrear</h3>" +
          "<p>Saltmarsh Botanicals publica el origen de cada lote de ingredientes. La <strong>fórmula hawaiana de 500 mg</strong> se elabora en pequeños lotes y se envasa en vidrio ámbar para limitar la exposición a la luz.</p>" +
          "<ul><li>500 mg de resveratrol por toma</li><li>Análisis en laboratorio independiente</li><li>Envase primario sin plástico</li></ul>" +
          "<p>La investigación cardiovascular sobre el resveratrol en personas es dispar. Si tienes una afección cardíaca o tomas medicación, consulta antes con tu médico.</p>",
        couponDiscount: "Descuento de 5 US$",
        couponDescription: "Consigue un descuento de 5 US$ en pedidos de dos o más frascos.",
      },
    },
  },
  // 6
  {
    name: "Pellucid Max Strength Resveratrol 1000",
    brand: "Pellucid Longevity Co.",
    description:
      "Our highest-potency pick, delivering 1000mg of trans-resveratrol with added piperine to aid absorption. It suits users who have already tolerated lower doses well. Start slowly, as higher doses are more likely to cause digestive upset.",
    imageUrl: "/api/images/demo-6.png",
    rating: "4.8",
    reviewCount: 1875,
    potency: "1000mg",
    source: "Japanese Knotweed",
    bestFor: "Experienced users wanting a high dose",
    price: "44.50",
    placement: 6,
    featured: false,
    badge: "Highest Potency",
    features: [
      "1000mg trans-resveratrol per serving",
      "With piperine for absorption",
      "Third-party tested",
      "Delayed-release capsules",
      "60-day supply",
    ],
    benefits: [
      "May support healthy cellular aging",
      "Studied for its role in sirtuin pathways",
      "Piperine may improve bioavailability",
      "Fewer capsules for a high daily dose",
      "May support antioxidant defences",
    ],
    offers: [
      {
        retailer: "Longevity Shop",
        market: "default",
        url: "https://shop.example.com/pellucid-longevity-co/max-strength-resveratrol-1000?tag=rsv-20",
        price: "44.50",
        currency: "USD",
      },
      {
        retailer: "Vitalhaus",
        market: "DE",
        url: "https://shop.example.de/pellucid-longevity-co/max-strength-resveratrol-1000?tag=rsv-de-21",
        price: "40.90",
        currency: "EUR",
      },
      {
        retailer: "Farmacia Sol",
        market: "ES",
        url: "https://shop.example.es/pellucid-longevity-co/max-strength-resveratrol-1000?tag=rsv-es-21",
        price: "40.90",
        currency: "EUR",
      },
      {
        retailer: "Gezond Plein",
        market: "NL",
        url: "https://shop.example.nl/pellucid-longevity-co/max-strength-resveratrol-1000?tag=rsv-nl-21",
        price: "40.90",
        currency: "EUR",
      },
      {
        retailer: "Apteka Zdrowie",
        market: "PL",
        url: "https://shop.example.pl/pellucid-longevity-co/max-strength-resveratrol-1000?tag=rsv-pl-21",
        price: "182.00",
        currency: "PLN",
      },
    ],
    htmlContent: null,
    couponCode: null,
    couponDiscount: null,
    couponDescription: null,
    inStock: true,
    isTopRanked: false,
    keywords: "high potency resveratrol, 1000mg, piperine, bioavailability",
    category: "resveratrol",
    ageRange: "50+",
    translations: {
      es: {
        description:
          "Nuestra opción de mayor potencia, con 1000 mg de trans-resveratrol y piperina añadida para favorecer la absorción. Es adecuada para quienes ya han tolerado bien dosis menores. Conviene empezar poco a poco, ya que las dosis altas tienen más probabilidad de causar molestias digestivas.",
        bestFor: "Usuarios con experiencia que buscan una dosis alta",
        features: [
          "1000 mg de trans-resveratrol por toma",
          "Con piperina para la absorción",
          "Analizado por terceros",
          "Cápsulas de liberación retardada",
          "Suministro para 60 días",
        ],
        benefits: [
          "Puede favorecer un envejecimiento celular saludable",
          "Estudiado por su papel en las vías de las sirtuinas",
          "La piperina puede mejorar la biodisponibilidad",
          "Menos cápsulas para una dosis diaria alta",
          "Puede apoyar las defensas antioxidantes",
        ],
        badge: "Máxima potencia",
      },
    },
  },
  // 7
  {
    name: "Corvella Starter Resveratrol 250",
    brand: "Corvella Labs",
    description:
      "A low 250mg dose designed as an easy introduction to resveratrol. Small capsules and a clear label make it simple to add to an existing routine. A comfortable starting point before considering stronger formulas.",
    imageUrl: "/api/images/demo-7.png",
    rating: "4.2",
    reviewCount: 415,
    potency: "250mg",
    source: "Natural",
    bestFor: "Beginners",
    price: "17.49",
    placement: 7,
    featured: false,
    badge: "Best for Beginners",
    features: ["Low 250mg starter dose", "Small, easy-to-swallow capsules", "Vegan capsules", "Third-party tested"],
    benefits: [
      "Gentle introduction to resveratrol",
      "May support antioxidant activity",
      "Lower likelihood of digestive upset",
      "Studied for its role in healthy aging",
    ],
    offers: [
      {
        retailer: "Longevity Shop",
        market: "default",
        url: "https://shop.example.com/corvella-labs/starter-resveratrol-250?tag=rsv-20",
        price: "17.49",
        currency: "USD",
      },
    ],
    htmlContent: null,
    couponCode: null,
    couponDiscount: null,
    couponDescription: null,
    inStock: true,
    isTopRanked: false,
    keywords: "resveratrol for beginners, low dose, 250mg",
    category: "resveratrol",
    ageRange: null,
    translations: {
      es: {
        description:
          "Una dosis baja de 250 mg pensada como introducción sencilla al resveratrol. Sus cápsulas pequeñas y su etiqueta clara facilitan incorporarlo a la rutina habitual. Un punto de partida cómodo antes de plantearse fórmulas más potentes.",
        bestFor: "Principiantes",
        features: [
          "Dosis inicial baja de 250 mg",
          "Cápsulas pequeñas y fáciles de tragar",
          "Cápsulas veganas",
          "Analizado por terceros",
        ],
        benefits: [
          "Introducción suave al resveratrol",
          "Puede apoyar la actividad antioxidante",
          "Menor probabilidad de molestias digestivas",
          "Estudiado por su papel en el envejecimiento saludable",
        ],
        badge: "Ideal para principiantes",
      },
    },
  },
  // 8
  {
    name: "Ambergrove Active Resveratrol 600",
    brand: "Ambergrove Naturals",
    description:
      "A 600mg grape skin formula aimed at people with an active lifestyle. It adds quercetin, another polyphenol often studied alongside resveratrol. Human evidence for exercise benefits is mixed, so think of it as part of a broader training routine.",
    imageUrl: "/api/images/demo-8.png",
    rating: "4.3",
    reviewCount: 530,
    potency: "600mg",
    source: "Grape Skin",
    bestFor: "Athletes and active lifestyles",
    price: "29.99",
    placement: 8,
    featured: false,
    badge: null,
    features: [
      "600mg grape skin resveratrol",
      "With 100mg quercetin",
      "Batch-tested for banned substances",
      "Gluten-free",
      "Vegan capsules",
    ],
    benefits: [
      "May support recovery after exercise",
      "Studied for its role in mitochondrial function",
      "May support antioxidant defences during training",
      "Fits into pre- or post-workout routines",
    ],
    offers: [
      {
        retailer: "Longevity Shop",
        market: "default",
        url: "https://shop.example.com/ambergrove-naturals/active-resveratrol-600?tag=rsv-20",
        price: "29.99",
        currency: "USD",
      },
    ],
    htmlContent:
      "<h3>Built for active people</h3>" +
      "<p>Ambergrove Active pairs <strong>600mg of grape skin resveratrol</strong> with quercetin. Both polyphenols have been studied in the context of exercise and mitochondrial health.</p>" +
      "<ul><li>Batch-tested for banned substances</li><li>No stimulants or caffeine</li><li>Take with a meal for comfort</li></ul>" +
      "<p>Some studies suggest high-dose antioxidants may blunt certain training adaptations, while others show no effect. Competitive athletes should discuss supplementation with a sports nutrition professional.</p>",
    couponCode: null,
    couponDiscount: null,
    couponDescription: null,
    inStock: true,
    isTopRanked: false,
    keywords: "resveratrol for athletes, exercise, quercetin, recovery",
    category: "resveratrol",
    ageRange: "18+",
    translations: {
      es: {
        description:
          "Una fórmula de 600 mg a base de piel de uva dirigida a personas con un estilo de vida activo. Incluye quercetina, otro polifenol que suele estudiarse junto al resveratrol. La evidencia en humanos sobre beneficios en el ejercicio es dispar, así que conviene verlo como parte de una rutina de entrenamiento más amplia.",
        bestFor: "Deportistas y personas activas",
        features: [
          "600 mg de resveratrol de piel de uva",
          "Con 100 mg de quercetina",
          "Lotes analizados para sustancias prohibidas",
          "Sin gluten",
          "Cápsulas veganas",
        ],
        benefits: [
          "Puede apoyar la recuperación tras el ejercicio",
          "Estudiado por su papel en la función mitocondrial",
          "Puede apoyar las defensas antioxidantes durante el entrenamiento",
          "Se adapta a rutinas antes o después de entrenar",
        ],
        htmlContent:
          "<h3>Pensado para personas activas</h3>" +
          "<p>Ambergrove Active combina <strong>600 mg de resveratrol de piel de uva</strong> con quercetina. Ambos polifenoles se han estudiado en el contexto del ejercicio y la salud mitocondrial.</p>" +
          "<ul><li>Lotes analizados para sustancias prohibidas</li><li>Sin estimulantes ni cafeína</li><li>Tómalo con una comida para mayor comodidad</li></ul>" +
          "<p>Algunos estudios sugieren que los antioxidantes en dosis altas podrían atenuar ciertas adaptaciones al entrenamiento, mientras que otros no muestran ningún efecto. Los deportistas de competición deberían consultar la suplementación con un profesional de la nutrición deportiva.</p>",
      },
    },
  },
  // 9
  {
    name: "Novalith VisionGuard Resveratrol 250",
    brand: "Novalith Health",
    description:
      "Combines 250mg of grape skin resveratrol with lutein and zeaxanthin. It targets people who want a single capsule covering both longevity and eye-focused nutrients. Research on resveratrol and eye health is at an early stage.",
    imageUrl: "/api/images/demo-9.png",
    rating: "4.1",
    reviewCount: 288,
    potency: "250mg",
    source: "Grape Skin",
    bestFor: "Eye and vision support",
    price: "32.95",
    placement: 9,
    featured: false,
    badge: null,
    features: [
      "250mg grape skin resveratrol",
      "With 10mg lutein and 2mg zeaxanthin",
      "Softgel format",
      "Third-party tested",
      "Non-GMO",
    ],
    benefits: [
      "May support healthy vision as you age",
      "Lutein and zeaxanthin studied for macular health",
      "May support antioxidant defences in the eye",
      "Two-in-one daily formula",
    ],
    offers: [
      {
        retailer: "Longevity Shop",
        market: "default",
        url: "https://shop.example.com/novalith-health/visionguard-resveratrol-250?tag=rsv-20",
        price: "32.95",
        currency: "USD",
      },
    ],
    htmlContent: null,
    couponCode: "VISION20",
    couponDiscount: "20% off",
    couponDescription: "Save 20% when you subscribe to monthly deliveries of VisionGuard.",
    inStock: true,
    isTopRanked: false,
    keywords: "resveratrol eye health, lutein, zeaxanthin, vision",
    category: "resveratrol-eye-blend",
    ageRange: "50+",
    translations: {
      es: {
        description:
          "Combina 250 mg de resveratrol de piel de uva con luteína y zeaxantina. Está pensado para quienes quieren una sola cápsula que reúna nutrientes para la longevidad y la salud ocular. La investigación sobre el resveratrol y la salud ocular se encuentra en una fase temprana.",
        bestFor: "Apoyo a la salud ocular y la visión",
        features: [
          "250 mg de resveratrol de piel de uva",
          "Con 10 mg de luteína y 2 mg de zeaxantina",
          "Formato en cápsula blanda",
          "Analizado por terceros",
          "Sin OMG",
        ],
        benefits: [
          "Puede apoyar una visión saludable con la edad",
          "La luteína y la zeaxantina se han estudiado por la salud macular",
          "Puede apoyar las defensas antioxidantes del ojo",
          "Fórmula diaria dos en uno",
        ],
        couponDiscount: "20 % de descuento",
        couponDescription: "Ahorra un 20 % al suscribirte a los envíos mensuales de VisionGuard.",
      },
    },
  },
  // 10
  {
    name: "Thistlecrest Endurance Resveratrol 1000",
    brand: "Thistlecrest Nutrition",
    description:
      "A 1000mg Hawaiian-sourced formula aimed at endurance and performance-focused users. It is split into two capsules so the dose can be divided across the day. Best suited to experienced users who already train regularly.",
    imageUrl: "/api/images/demo-10.png",
    rating: "4.0",
    reviewCount: 190,
    potency: "1000mg",
    source: "Hawaiian",
    bestFor: "Exercise performance and endurance",
    price: "39.99",
    placement: 10,
    featured: false,
    badge: null,
    features: [
      "1000mg per two-capsule serving",
      "Hawaiian-sourced botanicals",
      "Split-dose friendly",
      "Third-party tested",
      "Vegetarian capsules",
      "No added sugar",
    ],
    benefits: [
      "Studied for its role in endurance and muscle metabolism",
      "May support mitochondrial health",
      "Flexible dosing around workouts",
      "May support antioxidant activity",
    ],
    offers: [
      {
        retailer: "Longevity Shop",
        market: "default",
        url: "https://shop.example.com/thistlecrest-nutrition/endurance-resveratrol-1000?tag=rsv-20",
        price: "39.99",
        currency: "USD",
      },
    ],
    htmlContent:
      "<h3>Performance-minded dosing</h3>" +
      "<p>Thistlecrest Endurance delivers <strong>1000mg per serving</strong>, split into two capsules so you can take one in the morning and one later in the day.</p>" +
      "<ul><li>Hawaiian-sourced botanical extract</li><li>No stimulants</li><li>Independent purity testing</li></ul>" +
      "<p>Animal studies on resveratrol and endurance have drawn a lot of attention, but trials in trained humans have produced mixed results. Training, sleep and nutrition remain the foundations of performance.</p>",
    couponCode: null,
    couponDiscount: null,
    couponDescription: null,
    inStock: true,
    isTopRanked: false,
    keywords: "resveratrol endurance, performance, 1000mg, hawaiian",
    category: "resveratrol",
    ageRange: "18+",
    translations: {
      es: {
        description:
          "Una fórmula de 1000 mg de origen hawaiano dirigida a personas centradas en la resistencia y el rendimiento. Se reparte en dos cápsulas para poder dividir la dosis a lo largo del día. Más adecuada para usuarios con experiencia que ya entrenan con regularidad.",
        bestFor: "Rendimiento deportivo y resistencia",
        features: [
          "1000 mg por toma de dos cápsulas",
          "Botánicos de origen hawaiano",
          "Permite dividir la dosis",
          "Analizado por terceros",
          "Cápsulas vegetarianas",
          "Sin azúcar añadido",
        ],
        benefits: [
          "Estudiado por su papel en la resistencia y el metabolismo muscular",
          "Puede apoyar la salud mitocondrial",
          "Dosificación flexible en torno al entrenamiento",
          "Puede apoyar la actividad antioxidante",
        ],
        htmlContent:
          "<h3>Dosificación pensada para el rendimiento</h3>" +
          "<p>Thistlecrest Endurance aporta <strong>1000 mg por toma</strong>, repartidos en dos cápsulas para que puedas tomar una por la mañana y otra más tarde.</p>" +
          "<ul><li>Extracto botánico de origen hawaiano</li><li>Sin estimulantes</li><li>Análisis de pureza independientes</li></ul>" +
          "<p>Los estudios en animales sobre el resveratrol y la resistencia han llamado mucho la atención, pero los ensayos en personas entrenadas han dado resultados dispares. El entrenamiento, el sueño y la nutrición siguen siendo la base del rendimiento.</p>",
      },
    },
  },
  // 11
  {
    name: "Saltmarsh Daily Resveratrol 500",
    brand: "Saltmarsh Botanicals",
    description:
      "A straightforward 500mg daily capsule from a natural botanical extract. It lacks some of the extras of pricier options but covers the basics well. A reasonable middle-of-the-road choice.",
    imageUrl: "/api/images/demo-11.png",
    rating: "3.9",
    reviewCount: 96,
    potency: "500mg",
    source: "Natural",
    bestFor: "Simple daily supplementation",
    price: "22.95",
    placement: 11,
    featured: false,
    badge: null,
    features: ["500mg natural resveratrol", "Vegetarian capsules", "90-day supply", "Recyclable packaging"],
    benefits: [
      "May support healthy aging",
      "Long-lasting bottle",
      "May support antioxidant activity",
      "Studied for its role in cellular health",
    ],
    offers: [
      {
        retailer: "Longevity Shop",
        market: "default",
        url: "https://shop.example.com/saltmarsh-botanicals/daily-resveratrol-500?tag=rsv-20",
        price: "22.95",
        currency: "USD",
      },
    ],
    htmlContent: null,
    couponCode: null,
    couponDiscount: null,
    couponDescription: null,
    inStock: true,
    isTopRanked: false,
    keywords: null,
    category: "resveratrol",
    ageRange: null,
    translations: {
      es: {
        description:
          "Una cápsula diaria sencilla de 500 mg a partir de un extracto botánico natural. Carece de algunos extras de las opciones más caras, pero cubre bien lo básico. Una elección razonable de gama media.",
        bestFor: "Suplementación diaria sencilla",
        features: [
          "500 mg de resveratrol natural",
          "Cápsulas vegetarianas",
          "Suministro para 90 días",
          "Envase reciclable",
        ],
        benefits: [
          "Puede favorecer un envejecimiento saludable",
          "Frasco de larga duración",
          "Puede apoyar la actividad antioxidante",
          "Estudiado por su papel en la salud celular",
        ],
      },
    },
  },
  // 12
  {
    name: "Pellucid Cardio Resveratrol 600",
    brand: "Pellucid Longevity Co.",
    description:
      "A 600mg Japanese knotweed formula paired with CoQ10. It is aimed at people interested in cardiovascular research on polyphenols. Anyone with a heart condition should speak to a doctor before use.",
    imageUrl: "/api/images/demo-12.png",
    rating: "4.4",
    reviewCount: 645,
    potency: "600mg",
    source: "Japanese Knotweed",
    bestFor: "Heart health",
    price: "27.50",
    placement: 12,
    featured: false,
    badge: null,
    features: ["600mg trans-resveratrol", "With 100mg CoQ10", "Softgel format", "Third-party tested"],
    benefits: [
      "Studied for its role in blood vessel function",
      "May support healthy circulation",
      "CoQ10 may support cellular energy",
      "May support antioxidant defences",
    ],
    offers: [
      {
        retailer: "Longevity Shop",
        market: "default",
        url: "https://shop.example.com/pellucid-longevity-co/cardio-resveratrol-600?tag=rsv-20",
        price: "27.50",
        currency: "USD",
      },
      {
        retailer: "Vitalhaus",
        market: "DE",
        url: "https://shop.example.de/pellucid-longevity-co/cardio-resveratrol-600?tag=rsv-de-21",
        price: "25.49",
        currency: "EUR",
      },
      {
        retailer: "Farmacia Sol",
        market: "ES",
        url: "https://shop.example.es/pellucid-longevity-co/cardio-resveratrol-600?tag=rsv-es-21",
        price: "25.49",
        currency: "EUR",
      },
      {
        retailer: "Gezond Plein",
        market: "NL",
        url: "https://shop.example.nl/pellucid-longevity-co/cardio-resveratrol-600?tag=rsv-nl-21",
        price: "25.49",
        currency: "EUR",
      },
      {
        retailer: "Apteka Zdrowie",
        market: "PL",
        url: "https://shop.example.pl/pellucid-longevity-co/cardio-resveratrol-600?tag=rsv-pl-21",
        price: "112.00",
        currency: "PLN",
      },
    ],
    htmlContent: null,
    couponCode: null,
    couponDiscount: null,
    couponDescription: null,
    inStock: true,
    isTopRanked: false,
    keywords: "resveratrol heart health, coq10, cardiovascular",
    category: "resveratrol-coq10-blend",
    ageRange: "50+",
    translations: {
      es: {
        description:
          "Una fórmula de 600 mg de hierba nudosa japonesa combinada con CoQ10. Está dirigida a quienes se interesan por la investigación cardiovascular sobre los polifenoles. Cualquier persona con una afección cardíaca debería consultar a su médico antes de tomarla.",
        bestFor: "Salud cardíaca",
        features: [
          "600 mg de trans-resveratrol",
          "Con 100 mg de CoQ10",
          "Formato en cápsula blanda",
          "Analizado por terceros",
        ],
        benefits: [
          "Estudiado por su papel en la función de los vasos sanguíneos",
          "Puede apoyar una circulación saludable",
          "La CoQ10 puede apoyar la energía celular",
          "Puede apoyar las defensas antioxidantes",
        ],
      },
    },
  },
  // 13
  {
    name: "Corvella Hawaiian Reserve 500",
    brand: "Corvella Labs",
    description:
      "A premium 500mg formula made from Hawaiian-sourced botanicals in limited runs. It is well reviewed for quality, but the price is high for the dose. Currently out of stock while the next batch is tested.",
    imageUrl: "/api/images/demo-13.png",
    rating: "4.6",
    reviewCount: 1320,
    potency: "500mg",
    source: "Hawaiian",
    bestFor: "Premium longevity routine",
    price: "54.00",
    placement: null,
    featured: false,
    badge: null,
    features: [
      "Limited-run Hawaiian botanicals",
      "Glass bottle",
      "Third-party tested",
      "Vegan capsules",
      "Batch-numbered labels",
    ],
    benefits: [
      "May support healthy cellular aging",
      "Traceable single-origin sourcing",
      "May support antioxidant defences",
      "Studied for its role in sirtuin activity",
    ],
    offers: [
      {
        retailer: "Longevity Shop",
        market: "default",
        url: "https://shop.example.com/corvella-labs/hawaiian-reserve-500?tag=rsv-20",
        price: "54.00",
        currency: "USD",
      },
    ],
    htmlContent: null,
    couponCode: null,
    couponDiscount: null,
    couponDescription: null,
    inStock: false,
    isTopRanked: false,
    keywords: "premium resveratrol, hawaiian, limited edition",
    category: "resveratrol",
    ageRange: "40+",
    translations: {
      es: {
        description:
          "Una fórmula prémium de 500 mg elaborada en series limitadas con botánicos de origen hawaiano. Recibe buenas valoraciones por su calidad, pero el precio es alto para la dosis. Actualmente está agotada mientras se analiza el próximo lote.",
        bestFor: "Rutina de longevidad prémium",
        features: [
          "Botánicos hawaianos de serie limitada",
          "Frasco de vidrio",
          "Analizado por terceros",
          "Cápsulas veganas",
          "Etiquetas con número de lote",
        ],
        benefits: [
          "Puede favorecer un envejecimiento celular saludable",
          "Origen único y trazable",
          "Puede apoyar las defensas antioxidantes",
          "Estudiado por su papel en la actividad de las sirtuinas",
        ],
      },
    },
  },
  // 14
  {
    name: "Ambergrove Liposomal Resveratrol 250",
    brand: "Ambergrove Naturals",
    description:
      "A liposomal 250mg formula from Japanese knotweed, designed with absorption in mind. Liposomal delivery is an interesting approach, though head-to-head human data are limited. A newer product with relatively few reviews so far.",
    imageUrl: "/api/images/demo-14.png",
    rating: "4.3",
    reviewCount: 42,
    potency: "250mg",
    source: "Japanese Knotweed",
    bestFor: "Absorption-focused users",
    price: "31.00",
    placement: null,
    featured: false,
    badge: null,
    features: ["Liposomal delivery", "98% trans-resveratrol", "Sunflower lecithin base", "Soy-free", "Vegan softgels"],
    benefits: [
      "Designed to support absorption",
      "May support antioxidant activity",
      "Lower dose with a bioavailability focus",
      "Studied for its role in healthy aging",
    ],
    offers: [
      {
        retailer: "Longevity Shop",
        market: "default",
        url: "https://shop.example.com/ambergrove-naturals/liposomal-resveratrol-250?tag=rsv-20",
        price: "31.00",
        currency: "USD",
      },
    ],
    htmlContent: null,
    couponCode: null,
    couponDiscount: null,
    couponDescription: null,
    inStock: true,
    isTopRanked: false,
    keywords: "liposomal resveratrol, bioavailability, absorption",
    category: "resveratrol",
    ageRange: null,
    translations: {
      es: {
        description:
          "Una fórmula liposomal de 250 mg a partir de hierba nudosa japonesa, diseñada pensando en la absorción. La liberación liposomal es un enfoque interesante, aunque los datos comparativos directos en humanos son limitados. Un producto reciente que, por ahora, cuenta con relativamente pocas reseñas.",
        bestFor: "Quienes priorizan la absorción",
        features: [
          "Liberación liposomal",
          "98 % trans-resveratrol",
          "Base de lecitina de girasol",
          "Sin soja",
          "Cápsulas blandas veganas",
        ],
        benefits: [
          "Diseñado para favorecer la absorción",
          "Puede apoyar la actividad antioxidante",
          "Dosis moderada centrada en la biodisponibilidad",
          "Estudiado por su papel en el envejecimiento saludable",
        ],
      },
    },
  },
  // 15
  {
    name: "Novalith NAD+ Essentials 600",
    brand: "Novalith Health",
    description:
      "A 600mg grape skin resveratrol capsule with added nicotinamide riboside. It is a lower-cost way to explore the NAD+ angle than a full NMN stack. Evidence for combined benefits in humans remains limited.",
    imageUrl: "/api/images/demo-15.png",
    rating: "4.2",
    reviewCount: 870,
    potency: "600mg",
    source: "Grape Skin",
    bestFor: "Affordable NAD+ support",
    price: "23.99",
    placement: null,
    featured: false,
    badge: null,
    features: [
      "600mg grape skin resveratrol",
      "With 100mg nicotinamide riboside",
      "Vegetarian capsules",
      "Third-party tested",
    ],
    benefits: [
      "May support cellular NAD+ levels",
      "Studied for its role in energy metabolism",
      "Budget-friendly NAD+ option",
      "May support healthy aging",
    ],
    offers: [
      {
        retailer: "Longevity Shop",
        market: "default",
        url: "https://shop.example.com/novalith-health/nad-essentials-600?tag=rsv-20",
        price: "23.99",
        currency: "USD",
      },
    ],
    htmlContent: null,
    couponCode: null,
    couponDiscount: null,
    couponDescription: null,
    inStock: true,
    isTopRanked: false,
    keywords: "resveratrol nicotinamide riboside, nad+, budget",
    category: "resveratrol-nad-blend",
    ageRange: "30+",
    translations: {
      es: {
        description:
          "Una cápsula de 600 mg de resveratrol de piel de uva con ribósido de nicotinamida añadido. Es una forma más económica de explorar la vía del NAD+ que una combinación completa con NMN. La evidencia sobre los beneficios combinados en humanos sigue siendo limitada.",
        bestFor: "Apoyo asequible al NAD+",
        features: [
          "600 mg de resveratrol de piel de uva",
          "Con 100 mg de ribósido de nicotinamida",
          "Cápsulas vegetarianas",
          "Analizado por terceros",
        ],
        benefits: [
          "Puede apoyar los niveles celulares de NAD+",
          "Estudiado por su papel en el metabolismo energético",
          "Opción económica para el NAD+",
          "Puede favorecer un envejecimiento saludable",
        ],
      },
    },
  },
];

// Demo seed data: research articles for the resveratrol review site.
// Summaries are deliberately cautious; they are editorial content, not medical advice.

export interface PostSeed {
  key: string;
  lang: "en" | "es";
  translationOf: string | null;
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  category: string;
  imageUrl: string;
  published: boolean;
  publishedAt: string | null;
  /** The search title, where the title is longer than search results show (about 60 characters). */
  metaTitle?: string;
  metaDescription: string | null;
  keywords: string[];
}

export const demoPosts: PostSeed[] = [
  // 1 — English
  {
    key: "sirtuins-longevity",
    lang: "en",
    translationOf: null,
    title: "Resveratrol and Sirtuins: What the Longevity Research Really Shows",
    slug: "resveratrol-sirtuins-longevity-research",
    excerpt:
      "Resveratrol became famous for 'activating longevity genes'. Here is what the sirtuin research found, where it was challenged, and what it means for people today.",
    content: `<h2>What is resveratrol?</h2>
<p>Resveratrol is a polyphenol that plants produce in response to stress, injury or fungal infection. It is found in small amounts in grape skins, red wine, peanuts and some berries. Most supplements use extracts of Japanese knotweed (<em>Polygonum cuspidatum</em>), which is a much richer source than food.</p>
<h2>The sirtuin connection</h2>
<p>Sirtuins are a family of enzymes that depend on NAD+ and help regulate stress responses, energy metabolism and DNA repair. In 2003, researchers reported that resveratrol activated a sirtuin and extended lifespan in yeast. The finding made resveratrol one of the best-known candidate "longevity compounds" almost overnight.</p>
<h2>A genuine scientific debate</h2>
<p>Later studies showed that some of the early activation results depended on a fluorescent chemical tag used in the laboratory assay. This raised doubts about whether resveratrol activates sirtuins directly in living cells. Subsequent work suggested that activation can occur with certain natural substrates, and that resveratrol also acts through other pathways, such as AMPK signalling. The mechanism is still discussed today.</p>
<h2>What animal studies found</h2>
<ul>
<li>In mice fed a high-calorie diet, resveratrol improved several health markers and survival compared with untreated mice on the same diet.</li>
<li>In mice on a standard diet, a large multi-centre testing programme did not find a significant increase in lifespan.</li>
<li>Results in worms and flies have been inconsistent between laboratories.</li>
</ul>
<p>In short, resveratrol appears to help most in animals under metabolic stress, rather than extending lifespan in already healthy animals.</p>
<h2>What this means for people</h2>
<p>There are no human studies showing that resveratrol extends lifespan, and such studies would take decades. Human trials instead measure markers such as blood pressure, glucose control or inflammation, and their results are mixed. Resveratrol is best viewed as an interesting research compound that <strong>may support</strong> aspects of healthy aging, not as a proven anti-aging treatment.</p>
<h2>Before you start</h2>
<p>Resveratrol is generally well tolerated at moderate doses in short-term studies, but it can interact with some medicines, including blood thinners. Consult a doctor or pharmacist before taking it, especially if you are pregnant, take prescription medication or have a chronic condition.</p>`,
    category: "longevity",
    imageUrl: "/api/images/demo-post-1.png",
    published: true,
    publishedAt: "2026-01-15T09:00:00.000Z",
    metaDescription:
      "A balanced look at resveratrol and sirtuins: the original yeast findings, the assay controversy, animal lifespan studies and what it means for humans.",
    keywords: ["resveratrol", "sirtuins", "longevity", "SIRT1", "NAD+"],
  },
  // 2 — English
  {
    key: "bioavailability",
    lang: "en",
    translationOf: null,
    title: "Resveratrol Bioavailability: Why Absorption Matters More Than Dose",
    slug: "resveratrol-bioavailability-absorption",
    excerpt:
      "Most resveratrol you swallow is absorbed, yet very little reaches the bloodstream unchanged. We explain why, and which formulation claims hold up.",
    content: `<h2>The bioavailability problem</h2>
<p>Resveratrol is well absorbed from the gut, but it is metabolised very quickly. Enzymes in the intestinal wall and liver attach glucuronide and sulfate groups to it, so only a small fraction circulates as unchanged ("free") resveratrol. Human studies have found that free resveratrol levels in the blood stay low even after large doses.</p>
<h2>Trans versus cis</h2>
<p>Resveratrol exists in two forms. <strong>Trans-resveratrol</strong> is the form used in most research, while cis-resveratrol is less studied. Exposure to light can convert the trans form into the cis form, which is why good products list their trans-resveratrol percentage and use light-protective packaging.</p>
<h2>Common strategies to improve absorption</h2>
<ul>
<li><strong>Micronised powders:</strong> smaller particles may dissolve more easily, although human data are limited.</li>
<li><strong>Taking it with food:</strong> a meal appears to slow absorption somewhat rather than reduce the total amount absorbed.</li>
<li><strong>Piperine:</strong> an extract of black pepper that increased resveratrol levels in animal studies. Piperine can also affect how some medicines are metabolised.</li>
<li><strong>Liposomal and other delivery systems:</strong> promising in principle, but independent head-to-head trials in people are scarce.</li>
</ul>
<h2>Do the metabolites matter?</h2>
<p>Some researchers suggest that resveratrol's metabolites may not be simply waste products. They may act as a reservoir that is converted back to free resveratrol in certain tissues, or have effects of their own. This is an active area of research and not yet settled.</p>
<h2>What about higher doses?</h2>
<p>Raising the dose increases blood levels, but it also increases the likelihood of side effects. In clinical studies, doses of around 1 gram per day or less have generally been well tolerated in the short term, while multi-gram doses more often caused digestive complaints such as diarrhoea and nausea.</p>
<h2>Practical takeaways</h2>
<p>Look for products that state their trans-resveratrol content and are tested by an independent laboratory. Be sceptical of dramatic absorption claims that are not backed by published human data. If you take other medication, ask a pharmacist about possible interactions, particularly with formulas that contain piperine.</p>`,
    category: "research",
    imageUrl: "/api/images/demo-post-2.png",
    published: true,
    publishedAt: "2026-03-10T09:00:00.000Z",
    metaDescription:
      "Why resveratrol bioavailability is low, the difference between trans and cis forms, and what the evidence says about piperine, micronised and liposomal formulas.",
    keywords: ["resveratrol", "bioavailability", "trans-resveratrol", "piperine", "absorption"],
  },
  // 3 — English
  {
    key: "heart-health",
    lang: "en",
    translationOf: null,
    title: "Resveratrol and Heart Health: What Human Studies Show",
    slug: "resveratrol-heart-health-human-studies",
    excerpt:
      "From the 'French paradox' to modern clinical trials, here is a cautious summary of what we know about resveratrol and cardiovascular health.",
    content: `<h2>From the French paradox to the lab</h2>
<p>Interest in resveratrol and the heart grew out of the so-called French paradox: the observation that heart disease rates in France seemed low despite a diet rich in saturated fat. Red wine was proposed as one explanation, and resveratrol was one of its compounds that attracted attention. However, a glass of red wine contains only a tiny amount of resveratrol, far less than the doses used in studies.</p>
<h2>Proposed mechanisms</h2>
<ul>
<li>Supporting the function of the endothelium, the inner lining of blood vessels</li>
<li>Increasing the availability of nitric oxide, which helps vessels relax</li>
<li>Reducing markers of oxidative stress and inflammation in laboratory studies</li>
<li>Reducing platelet aggregation in laboratory and animal experiments</li>
</ul>
<h2>What clinical trials report</h2>
<p>Several small trials have reported improvements in flow-mediated dilation, a measure of blood vessel function, after resveratrol supplementation. Meta-analyses of blood pressure studies are mixed: some suggest a modest reduction in systolic pressure, mainly at higher doses or in people with metabolic conditions, while others find no meaningful effect. Effects on cholesterol and triglycerides have generally been small or absent.</p>
<h2>Dietary resveratrol and long-term outcomes</h2>
<p>An observational study of older adults in Italy measured resveratrol metabolites in urine as a marker of dietary intake. It found no association between these levels and inflammation, cardiovascular disease or overall mortality over about nine years. This does not rule out effects from supplemental doses, but it argues against the idea that dietary resveratrol alone explains heart health.</p>
<h2>Safety considerations</h2>
<p>Because resveratrol may reduce platelet aggregation, it could add to the effect of anticoagulant and antiplatelet medicines such as warfarin, aspirin or clopidogrel. It may also interact with drugs processed by certain liver enzymes. <strong>If you have a heart condition or take cardiovascular medication, speak with your doctor before using resveratrol.</strong></p>
<h2>The bottom line</h2>
<p>Resveratrol has been studied for blood vessel function and blood pressure with some encouraging but inconsistent results. It is not a replacement for proven measures such as not smoking, physical activity, a balanced diet and prescribed treatment.</p>`,
    category: "cardiovascular",
    imageUrl: "/api/images/demo-post-3.png",
    published: true,
    publishedAt: "2026-05-19T09:00:00.000Z",
    metaDescription:
      "What human studies say about resveratrol, blood vessel function and blood pressure, plus the safety issues to know about if you take heart medication.",
    keywords: ["resveratrol", "heart health", "blood pressure", "French paradox", "endothelial function"],
  },
  // 4 — English
  {
    key: "metabolic-health",
    lang: "en",
    translationOf: null,
    title: "Resveratrol, Blood Sugar and Metabolic Health",
    slug: "resveratrol-blood-sugar-metabolic-health",
    excerpt:
      "Is resveratrol a calorie restriction mimetic? A look at the trials on insulin sensitivity, blood glucose and body weight, and why results differ.",
    content: `<h2>The calorie restriction idea</h2>
<p>Calorie restriction extends lifespan in many laboratory animals, and some of its effects involve the same pathways that resveratrol influences, including sirtuins and AMPK. This led researchers to ask whether resveratrol could act as a "calorie restriction mimetic" and improve metabolic health without eating less.</p>
<h2>Encouraging early results</h2>
<p>In a frequently cited 2011 study, healthy obese men took 150mg of resveratrol per day for 30 days. Researchers reported modest changes that resembled the effects of calorie restriction, including lower resting metabolic rate, improved markers of muscle mitochondrial function and small shifts in blood glucose and lipids.</p>
<h2>Less encouraging follow-ups</h2>
<ul>
<li>A trial giving obese men a much higher dose for several weeks found no improvement in insulin sensitivity.</li>
<li>A study in non-obese postmenopausal women with normal glucose tolerance found no metabolic benefit.</li>
<li>Trials differ widely in dose, duration, formulation and participants, which makes direct comparison difficult.</li>
</ul>
<h2>People with type 2 diabetes</h2>
<p>Several meta-analyses have suggested that resveratrol may modestly lower fasting glucose or insulin in people with type 2 diabetes, often when it is used alongside standard medication. The trials are generally small and short, and their quality varies. Other analyses have found no significant effect on long-term markers such as HbA1c.</p>
<h2>Who might respond?</h2>
<p>A recurring pattern is that any benefits appear more likely in people who already have metabolic problems than in healthy, lean individuals. This matches the animal data, where resveratrol helped most in animals on high-calorie diets.</p>
<h2>Important cautions</h2>
<p>Resveratrol is not a treatment for diabetes and should never replace prescribed medication. If you take glucose-lowering drugs, adding any supplement that may affect blood sugar should be discussed with your doctor first. <strong>Diet, physical activity and sleep</strong> remain the most reliable foundations of metabolic health.</p>`,
    category: "metabolic",
    imageUrl: "/api/images/demo-post-4.png",
    published: true,
    publishedAt: "2026-07-21T09:00:00.000Z",
    metaDescription:
      "A cautious summary of resveratrol research on insulin sensitivity, blood glucose and metabolism, including why trial results are so mixed.",
    keywords: ["resveratrol", "blood sugar", "insulin sensitivity", "metabolism", "type 2 diabetes"],
  },
  // 5 — Spanish translation of "sirtuins-longevity"
  {
    key: "sirtuins-longevity-es",
    lang: "es",
    translationOf: "sirtuins-longevity",
    title: "Resveratrol y sirtuinas: lo que realmente muestra la investigación sobre longevidad",
    slug: "resveratrol-sirtuinas-investigacion-longevidad",
    metaTitle: "Resveratrol y sirtuinas: qué muestra la investigación",
    excerpt:
      "El resveratrol se hizo famoso por «activar los genes de la longevidad». Te contamos qué encontró la investigación sobre las sirtuinas, qué se cuestionó después y qué significa hoy para las personas.",
    content: `<h2>¿Qué es el resveratrol?</h2>
<p>El resveratrol es un polifenol que las plantas producen en respuesta al estrés, a las lesiones o a las infecciones por hongos. Se encuentra en pequeñas cantidades en la piel de la uva, el vino tinto, los cacahuetes y algunas bayas. La mayoría de los suplementos utilizan extractos de hierba nudosa japonesa (<em>Polygonum cuspidatum</em>), una fuente mucho más rica que los alimentos.</p>
<h2>La conexión con las sirtuinas</h2>
<p>Las sirtuinas son una familia de enzimas que dependen del NAD+ y ayudan a regular la respuesta al estrés, el metabolismo energético y la reparación del ADN. En 2003, unos investigadores publicaron que el resveratrol activaba una sirtuina y prolongaba la vida de las levaduras. El hallazgo convirtió al resveratrol, casi de la noche a la mañana, en uno de los «compuestos de longevidad» más conocidos.</p>
<h2>Un auténtico debate científico</h2>
<p>Estudios posteriores mostraron que parte de los primeros resultados dependía de un marcador químico fluorescente utilizado en el ensayo de laboratorio. Esto generó dudas sobre si el resveratrol activa las sirtuinas de forma directa en células vivas. Trabajos posteriores sugirieron que la activación puede producirse con ciertos sustratos naturales y que el resveratrol también actúa por otras vías, como la señalización de la AMPK. El mecanismo sigue debatiéndose hoy.</p>
<h2>Lo que encontraron los estudios en animales</h2>
<ul>
<li>En ratones alimentados con una dieta hipercalórica, el resveratrol mejoró varios marcadores de salud y la supervivencia en comparación con ratones sin tratar que seguían la misma dieta.</li>
<li>En ratones con una dieta estándar, un amplio programa de evaluación en varios centros no encontró un aumento significativo de la esperanza de vida.</li>
<li>Los resultados en gusanos y moscas han sido inconsistentes entre laboratorios.</li>
</ul>
<p>En resumen, el resveratrol parece ayudar sobre todo a animales sometidos a estrés metabólico, más que prolongar la vida de animales ya sanos.</p>
<h2>Qué significa para las personas</h2>
<p>No existen estudios en humanos que demuestren que el resveratrol prolongue la vida, y serían necesarias décadas para realizarlos. Los ensayos en humanos miden en su lugar marcadores como la presión arterial, el control de la glucosa o la inflamación, y sus resultados son dispares. Lo más razonable es ver el resveratrol como un compuesto de investigación interesante que <strong>puede apoyar</strong> algunos aspectos del envejecimiento saludable, no como un tratamiento antienvejecimiento probado.</p>
<h2>Antes de empezar</h2>
<p>En estudios a corto plazo, el resveratrol suele tolerarse bien en dosis moderadas, pero puede interactuar con algunos medicamentos, como los anticoagulantes. Consulta a tu médico o farmacéutico antes de tomarlo, especialmente si estás embarazada, tomas medicación con receta o tienes una enfermedad crónica.</p>`,
    category: "longevity",
    imageUrl: "/api/images/demo-post-5.png",
    published: true,
    publishedAt: "2026-01-15T09:00:00.000Z",
    metaDescription:
      "Un análisis equilibrado del resveratrol y las sirtuinas: los hallazgos en levaduras, la polémica del ensayo, los estudios en animales y lo que significa para las personas.",
    keywords: ["resveratrol", "sirtuinas", "longevidad", "SIRT1", "NAD+"],
  },
  // 6 — Spanish translation of "bioavailability"
  {
    key: "bioavailability-es",
    lang: "es",
    translationOf: "bioavailability",
    title: "Biodisponibilidad del resveratrol: por qué la absorción importa más que la dosis",
    slug: "biodisponibilidad-resveratrol-absorcion",
    metaTitle: "Biodisponibilidad del resveratrol: absorción frente a dosis",
    excerpt:
      "La mayor parte del resveratrol que tragas se absorbe, pero muy poco llega intacto a la sangre. Explicamos por qué y qué afirmaciones sobre las fórmulas se sostienen.",
    content: `<h2>El problema de la biodisponibilidad</h2>
<p>El resveratrol se absorbe bien en el intestino, pero se metaboliza muy deprisa. Las enzimas de la pared intestinal y del hígado le añaden grupos glucurónido y sulfato, de modo que solo una pequeña fracción circula como resveratrol inalterado («libre»). Los estudios en humanos han observado que los niveles de resveratrol libre en sangre siguen siendo bajos incluso tras dosis elevadas.</p>
<h2>Trans frente a cis</h2>
<p>El resveratrol existe en dos formas. El <strong>trans-resveratrol</strong> es la forma utilizada en la mayoría de las investigaciones, mientras que el cis-resveratrol está menos estudiado. La exposición a la luz puede convertir la forma trans en cis; por eso los buenos productos indican su porcentaje de trans-resveratrol y usan envases que protegen de la luz.</p>
<h2>Estrategias habituales para mejorar la absorción</h2>
<ul>
<li><strong>Polvos micronizados:</strong> las partículas más pequeñas pueden disolverse mejor, aunque los datos en humanos son limitados.</li>
<li><strong>Tomarlo con comida:</strong> una comida parece ralentizar algo la absorción más que reducir la cantidad total absorbida.</li>
<li><strong>Piperina:</strong> un extracto de pimienta negra que aumentó los niveles de resveratrol en estudios con animales. La piperina también puede alterar el metabolismo de algunos medicamentos.</li>
<li><strong>Liposomas y otros sistemas de liberación:</strong> prometedores en teoría, pero escasean los ensayos independientes comparativos en personas.</li>
</ul>
<h2>¿Importan los metabolitos?</h2>
<p>Algunos investigadores sugieren que los metabolitos del resveratrol no son simples productos de desecho. Podrían actuar como una reserva que se vuelve a convertir en resveratrol libre en ciertos tejidos, o tener efectos propios. Es un campo de investigación activo y aún no está resuelto.</p>
<h2>¿Y las dosis más altas?</h2>
<p>Aumentar la dosis eleva los niveles en sangre, pero también la probabilidad de efectos secundarios. En estudios clínicos, las dosis de alrededor de 1 gramo al día o menos se han tolerado en general bien a corto plazo, mientras que las dosis de varios gramos causaron con más frecuencia molestias digestivas como diarrea y náuseas.</p>
<h2>Conclusiones prácticas</h2>
<p>Busca productos que indiquen su contenido de trans-resveratrol y estén analizados por un laboratorio independiente. Desconfía de las afirmaciones espectaculares sobre absorción que no estén respaldadas por datos publicados en humanos. Si tomas otros medicamentos, pregunta a un farmacéutico por posibles interacciones, sobre todo con fórmulas que contienen piperina.</p>`,
    category: "research",
    imageUrl: "/api/images/demo-post-6.png",
    published: true,
    publishedAt: "2026-03-10T09:00:00.000Z",
    metaDescription:
      "Por qué la biodisponibilidad del resveratrol es baja, la diferencia entre las formas trans y cis, y qué dice la evidencia sobre la piperina y las fórmulas micronizadas y liposomales.",
    keywords: ["resveratrol", "biodisponibilidad", "trans-resveratrol", "piperina", "absorción"],
  },
  // 7 — Spanish translation of "heart-health"
  {
    key: "heart-health-es",
    lang: "es",
    translationOf: "heart-health",
    title: "Resveratrol y salud cardíaca: lo que muestran los estudios en humanos",
    slug: "resveratrol-salud-cardiaca-estudios-en-humanos",
    excerpt:
      "De la «paradoja francesa» a los ensayos clínicos actuales: un resumen prudente de lo que sabemos sobre el resveratrol y la salud cardiovascular.",
    content: `<h2>De la paradoja francesa al laboratorio</h2>
<p>El interés por el resveratrol y el corazón surgió de la llamada paradoja francesa: la observación de que las tasas de enfermedad cardíaca en Francia parecían bajas pese a una dieta rica en grasas saturadas. Se propuso el vino tinto como una posible explicación, y el resveratrol fue uno de sus compuestos que atrajo la atención. Sin embargo, una copa de vino tinto contiene una cantidad mínima de resveratrol, muy inferior a las dosis utilizadas en los estudios.</p>
<h2>Mecanismos propuestos</h2>
<ul>
<li>Apoyar la función del endotelio, el revestimiento interno de los vasos sanguíneos</li>
<li>Aumentar la disponibilidad de óxido nítrico, que ayuda a relajar los vasos</li>
<li>Reducir marcadores de estrés oxidativo e inflamación en estudios de laboratorio</li>
<li>Reducir la agregación plaquetaria en experimentos de laboratorio y con animales</li>
</ul>
<h2>Lo que indican los ensayos clínicos</h2>
<p>Varios ensayos pequeños han observado mejoras en la dilatación mediada por flujo, una medida de la función vascular, tras la suplementación con resveratrol. Los metaanálisis sobre la presión arterial son dispares: algunos sugieren una reducción modesta de la presión sistólica, sobre todo con dosis altas o en personas con trastornos metabólicos, mientras que otros no encuentran un efecto relevante. Los efectos sobre el colesterol y los triglicéridos han sido en general pequeños o nulos.</p>
<h2>Resveratrol de la dieta y resultados a largo plazo</h2>
<p>Un estudio observacional con personas mayores en Italia midió los metabolitos del resveratrol en la orina como indicador de su ingesta en la dieta. No encontró relación entre estos niveles y la inflamación, la enfermedad cardiovascular o la mortalidad total a lo largo de unos nueve años. Esto no descarta efectos de las dosis de suplementos, pero contradice la idea de que el resveratrol de la dieta explique por sí solo la salud cardíaca.</p>
<h2>Consideraciones de seguridad</h2>
<p>Como el resveratrol puede reducir la agregación plaquetaria, podría sumarse al efecto de anticoagulantes y antiagregantes como la warfarina, la aspirina o el clopidogrel. También puede interactuar con fármacos que se procesan mediante determinadas enzimas hepáticas. <strong>Si tienes una enfermedad cardíaca o tomas medicación cardiovascular, habla con tu médico antes de usar resveratrol.</strong></p>
<h2>En resumen</h2>
<p>El resveratrol se ha estudiado por su relación con la función vascular y la presión arterial, con resultados alentadores pero poco consistentes. No sustituye a medidas de eficacia probada como no fumar, hacer actividad física, seguir una dieta equilibrada y cumplir el tratamiento prescrito.</p>`,
    category: "cardiovascular",
    imageUrl: "/api/images/demo-post-7.png",
    published: true,
    publishedAt: "2026-05-19T09:00:00.000Z",
    metaDescription:
      "Qué dicen los estudios en humanos sobre el resveratrol, la función vascular y la presión arterial, y qué precauciones tener si tomas medicación para el corazón.",
    keywords: ["resveratrol", "salud cardíaca", "presión arterial", "paradoja francesa", "función endotelial"],
  },
  // 8 — English DRAFT (unpublished)
  {
    key: "brain-health-draft",
    lang: "en",
    translationOf: null,
    title: "Resveratrol and the Aging Brain: Memory, Blood Flow and Open Questions",
    slug: "resveratrol-brain-health-memory",
    excerpt:
      "Resveratrol has been studied for cerebral blood flow, memory and Alzheimer's disease. The results are intriguing but far from conclusive.",
    content: `<h2>Why researchers look at the brain</h2>
<p>The brain is highly sensitive to blood flow, inflammation and metabolic stress, all areas in which resveratrol has shown effects in laboratory studies. Resveratrol can cross the blood-brain barrier in animals, which made it a natural candidate for research on cognitive aging.</p>
<h2>Cerebral blood flow</h2>
<p>In a small 2010 study of healthy young adults, single doses of resveratrol increased blood flow in the brain during mental tasks. However, this did not translate into better performance on the tasks themselves. Increased blood flow is interesting, but it is not the same as improved thinking or memory.</p>
<h2>Memory in older adults</h2>
<p>A 2014 trial in healthy older adults reported that 200mg of resveratrol per day for 26 weeks improved word recall and was associated with changes in connectivity of the hippocampus, a brain region involved in memory. Later trials in older populations have produced mixed results, and larger studies are needed to confirm any benefit.</p>
<h2>Alzheimer's disease research</h2>
<ul>
<li>A year-long phase 2 trial in people with mild to moderate Alzheimer's disease tested high doses of resveratrol.</li>
<li>The treatment was generally safe and well tolerated, and some biomarkers in spinal fluid appeared more stable than with placebo.</li>
<li>The study was not designed to show clinical benefit, and some findings, such as changes in brain volume, are still debated.</li>
</ul>
<h2>Open questions</h2>
<p>Key uncertainties remain: which dose, if any, is effective; whether low bioavailability limits effects in the brain; and whether benefits seen in small trials hold up in larger, longer studies. Until then, resveratrol should be viewed as a compound <strong>studied for</strong> brain health, not as a proven treatment.</p>
<h2>Talk to a professional</h2>
<p>If you or a family member are concerned about memory or cognitive changes, see a doctor for a proper assessment. Do not replace prescribed treatment with supplements, and check for interactions before adding resveratrol to an existing medication routine.</p>`,
    category: "brain",
    imageUrl: "/api/images/demo-post-8.png",
    published: false,
    publishedAt: null,
    metaDescription: null,
    keywords: ["resveratrol", "brain health", "memory", "cognitive aging", "Alzheimer's"],
  },
  // 9 — Spanish translation of "metabolic-health"
  {
    key: "metabolic-health-es",
    lang: "es",
    translationOf: "metabolic-health",
    title: "Resveratrol, azúcar en sangre y salud metabólica",
    slug: "resveratrol-azucar-en-sangre-salud-metabolica",
    excerpt:
      "¿Es el resveratrol un mimético de la restricción calórica? Repasamos los ensayos sobre la sensibilidad a la insulina, la glucosa en sangre y el peso corporal, y por qué sus resultados difieren.",
    content: `<h2>La idea de la restricción calórica</h2>
<p>La restricción calórica prolonga la vida de muchos animales de laboratorio, y algunos de sus efectos implican las mismas vías en las que influye el resveratrol, como las sirtuinas y la AMPK. Esto llevó a los investigadores a preguntarse si el resveratrol podría actuar como un «mimético de la restricción calórica» y mejorar la salud metabólica sin necesidad de comer menos.</p>
<h2>Primeros resultados alentadores</h2>
<p>En un estudio de 2011 citado con frecuencia, hombres sanos con obesidad tomaron 150 mg de resveratrol al día durante 30 días. Los investigadores observaron cambios modestos que se asemejaban a los efectos de la restricción calórica, como una tasa metabólica en reposo más baja, mejores marcadores de la función mitocondrial del músculo y pequeñas variaciones en la glucosa y los lípidos en sangre.</p>
<h2>Estudios posteriores menos alentadores</h2>
<ul>
<li>Un ensayo que administró a hombres con obesidad una dosis mucho más alta durante varias semanas no encontró mejoras en la sensibilidad a la insulina.</li>
<li>Un estudio en mujeres posmenopáusicas sin obesidad y con tolerancia normal a la glucosa no encontró ningún beneficio metabólico.</li>
<li>Los ensayos difieren mucho en dosis, duración, formulación y participantes, lo que dificulta compararlos directamente.</li>
</ul>
<h2>Personas con diabetes tipo 2</h2>
<p>Varios metaanálisis han sugerido que el resveratrol podría reducir ligeramente la glucosa o la insulina en ayunas en personas con diabetes tipo 2, a menudo cuando se usa junto con la medicación habitual. Los ensayos suelen ser pequeños y breves, y su calidad es variable. Otros análisis no han encontrado un efecto significativo sobre marcadores a largo plazo como la HbA1c.</p>
<h2>¿Quién podría responder?</h2>
<p>Un patrón recurrente es que los posibles beneficios parecen más probables en personas que ya tienen problemas metabólicos que en personas sanas y delgadas. Esto coincide con los datos en animales, en los que el resveratrol ayudó sobre todo a los que seguían dietas hipercalóricas.</p>
<h2>Precauciones importantes</h2>
<p>El resveratrol no es un tratamiento para la diabetes y nunca debe sustituir a la medicación prescrita. Si tomas fármacos para bajar la glucosa, habla con tu médico antes de añadir cualquier suplemento que pueda afectar al azúcar en sangre. <strong>La dieta, la actividad física y el sueño</strong> siguen siendo los pilares más fiables de la salud metabólica.</p>`,
    category: "metabolic",
    imageUrl: "/api/images/demo-post-4.png",
    published: true,
    publishedAt: "2026-07-21T09:00:00.000Z",
    metaDescription:
      "Un resumen prudente de la investigación sobre el resveratrol y la sensibilidad a la insulina, la glucosa en sangre y el metabolismo, y de por qué los resultados de los ensayos son tan dispares.",
    keywords: ["resveratrol", "azúcar en sangre", "sensibilidad a la insulina", "metabolismo", "diabetes tipo 2"],
  },
];

export const demoSettings = {
  siteName: "Vinetree Longevity Reviews",
  description: {
    en: "Independent, research-based reviews and rankings of resveratrol supplements for healthy aging.",
    es: "Análisis y clasificaciones independientes, basados en la investigación, de suplementos de resveratrol para envejecer con salud.",
  },
  logoUrl: null,
  faviconUrl: null,
  legalName: "Vinetree Media S.L. (demo owner)",
  contactAddress: "legal@vinetree.example, Calle de la Vid 12, 28001 Madrid, Spain",
  legalEffectiveDate: "2026-01-15",
};

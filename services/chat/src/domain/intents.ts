import { conceptAlternatives, fold } from "./text.js";

/** The widget's five quick questions, recognised in English and Spanish however they are worded. */
export type QuickIntent = "protocol" | "compare" | "potency" | "budget" | "longevity";

const has = (text: string, pattern: RegExp) => pattern.test(text);
// "Which is best for longevity?", "¿qué me recomiendas para la longevidad?".
const ASKS_WHICH = new RegExp(
  `\\b(best|top|mejor\\w*|which|cual|good|buen\\w*|ideal|pick|${conceptAlternatives("recommend")})\\b`,
);

export function detectIntent(message: string): QuickIntent | null {
  const text = fold(message);
  // His routine, by name or asked for ("what does Sinclair take?"); not every question naming him ("does
  // David Sinclair sell resveratrol?", which a guide answers).
  if (has(text, /\bprotocol[oe]?s?\b/)) return "protocol";
  if (
    has(text, /\bsinclair\b/) &&
    (has(text, /\b(takes?|taking|routine|regimen|dose|doses|toma|tomaba|rutina|dosis|usa|uses)\b/) ||
      /^\W*(?:(?:el )?(?:dr\.? )?david )?sinclair\W*$/.test(text))
  )
    return "protocol";
  if (has(text, /\bcompar\w*/) && has(text, /\b(top|best|mejor\w*|3|three|tres|primer\w*|leading)\b/)) return "compare";
  if (
    (has(text, /\b(potency|potent|strength|potencia|potente|concentracion|concentrad\w*)\b/) &&
      has(text, /\b(highest|high|higher|most|max\w*|strongest|mayor|maxima|maximo|mas|alta|top|best|mejor)\b/)) ||
    has(text, /\b(strongest|highest dose|mas potente|mas concentrad\w*|dosis mas alta)\b/)
  )
    return "potency";
  if (
    has(
      text,
      /\b(budget|cheap\w*|affordable|inexpensive|low[- ]cost|lowest price|value for money|economic\w*|barat\w*|presupuesto|asequible\w*|precio mas bajo|low price)\b/,
    )
  )
    return "budget";
  if (has(text, /\b(longevity|longevidad|anti-?aging|antienvejecimiento|antiedad)\b/) && has(text, ASKS_WHICH))
    return "longevity";
  return null;
}

export const faqCategories = [
  { id: "general", count: 3 },
  { id: "dosage", count: 4 },
  { id: "selection", count: 4 },
  { id: "safety", count: 4 },
  { id: "benefits", count: 4 },
] as const;

export type FaqCategory = (typeof faqCategories)[number]["id"];

export function faqQuestionIds(): { category: FaqCategory; id: string; key: string }[] {
  return faqCategories.flatMap(({ id: category, count }) =>
    Array.from({ length: count }, (_, index) => ({
      category,
      id: `${category}-q${index + 1}`,
      key: `categories.${category}.q${index + 1}`,
    })),
  );
}

/** One answer open at a time: opening one closes the other, clicking the open one collapses it. */
export function toggleFaq(openId: string | null, clickedId: string): string | null {
  return openId === clickedId ? null : clickedId;
}

/** A guide, landing or legal page as its Markdown file compiles: front matter plus blocks of HTML. */

export type PageTemplate = "guide" | "landing" | "legal";

export interface FaqEntry {
  question: string;
  answer: string;
}

export interface ContentPageMeta {
  template: PageTemplate;
  /** The <title> and the page heading unless `heading` says otherwise. */
  title: string;
  heading?: string;
  description: string;
  /** Shown under the heading. */
  lead?: string;
  /** Small label above the heading. */
  eyebrow?: string;
  keywords?: string[];
  /** Last editorial review, YYYY-MM-DD. */
  updated: string;
  faq?: FaqEntry[];
}

/** Copy a block carries in its YAML body: headings, labels and captions, never figures. */
export type BlockCopy = Record<string, string | string[]>;

export type ContentBlock =
  | { type: "html"; html: string }
  | { type: "callout"; tone: string; id?: string; html: string }
  | { type: "cards"; id?: string; columns: number; cards: string[] }
  | { type: "figure"; name: string; id?: string; copy: BlockCopy }
  | { type: "products"; rule: string; id?: string; copy: BlockCopy }
  | { type: "featured"; rule: string; id?: string; copy: BlockCopy }
  | { type: "faq"; id?: string };

export interface ContentPage {
  meta: ContentPageMeta;
  blocks: ContentBlock[];
}

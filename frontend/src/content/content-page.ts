/** A guide, landing or legal page as it compiles: front matter plus blocks of HTML (`@rsv/api/content-page`). */
export type {
  BlockCopy,
  ContentBlock,
  ContentPage,
  ContentPageMeta,
  FaqEntry,
  FaqItem,
  PageTemplate,
} from "@rsv/api/content-page";

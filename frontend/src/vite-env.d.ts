/// <reference types="vite/client" />

declare module "*.md" {
  import type { ContentPage } from "./content/content-page.js";

  const page: ContentPage;
  export default page;
}

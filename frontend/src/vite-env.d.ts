/// <reference types="vite/client" />

declare module "*.md" {
  const page: import("./content/content-page.js").ContentPage;
  export default page;
}

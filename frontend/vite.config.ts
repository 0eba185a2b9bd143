import tailwindcss from "@tailwindcss/vite";
import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";
import { compileContentPage } from "./src/content/compile-page.js";

/** Content files become data at build time, so no Markdown parser reaches the browser. */
function contentPages(): Plugin {
  return {
    name: "rsv-content-pages",
    enforce: "pre",
    transform(source, id) {
      if (!id.endsWith(".md")) return null;
      return { code: `export default ${JSON.stringify(compileContentPage(source, id))};`, map: null };
    },
  };
}

export default defineConfig({
  plugins: [contentPages(), tailwindcss()],
  esbuild: { jsx: "automatic" },
  build: {
    outDir: "dist/client",
    assetsDir: "assets",
    manifest: true,
    emptyOutDir: true,
    rollupOptions: {
      input: "src/entry-client.tsx",
      onwarn(warning, warn) {
        // Libraries mark modules "use client" for React Server Components, which this app does not use.
        if (warning.code === "MODULE_LEVEL_DIRECTIVE") return;
        warn(warning);
      },
    },
  },
  ssr: { noExternal: ["@rsv/api"] },
  test: {
    include: ["src/**/*.test.{ts,tsx}"],
    environment: "node",
  },
});

import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [tailwindcss()],
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

import tailwindcss from "@tailwindcss/vite";
import type { Plugin } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";
import { defineConfig } from "vitest/config";

/**
 * A .gz and a .br copy next to every text asset of the browser build, at the highest levels (done
 * once here instead of on every request); nginx (gzip_static, brotli_static) and the embedded
 * server (koa-send) send them to browsers that accept them.
 */
function precompressedAssets(): Plugin {
  // Typed against the newer Vite another workspace hoists to the root; the hooks are the same.
  const plugin = compression({
    algorithms: [defineAlgorithm("gzip", { level: 9 }), defineAlgorithm("brotliCompress")],
    logLevel: "silent",
  }) as unknown as Plugin;
  return {
    ...plugin,
    apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
  };
}

export default defineConfig({
  plugins: [tailwindcss(), precompressedAssets()],
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

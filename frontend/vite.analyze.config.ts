import base from "./vite.config.js";
import type { Plugin } from "vite";
import { gzipSync } from "node:zlib";
const analyze: Plugin = {
  name: "analyze",
  generateBundle(_o, bundle) {
    for (const [name, chunk] of Object.entries(bundle)) {
      if (chunk.type !== "chunk" || name.includes("pages/")) continue;
      const mods = Object.entries(chunk.modules).map(([id, m]) => [id.replace(/.*node_modules\//, "nm:").replace(/.*frontend\//, ""), m.renderedLength] as const);
      const groups = new Map<string, number>();
      for (const [id, len] of mods) { const g = id.startsWith("nm:") ? id.split("/").slice(0, id.startsWith("nm:@") ? 2 : 1).join("/") : id; groups.set(g, (groups.get(g) ?? 0) + len); }
      console.log(`\n== ${name} ${chunk.code.length} gz ${gzipSync(chunk.code).length}`);
      for (const [g, l] of [...groups].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(String(l).padStart(8), g);
    }
  },
};
export default { ...base, plugins: [...(base.plugins ?? []), analyze], build: { ...base.build, outDir: "/tmp/fs-analyze", emptyOutDir: true } };

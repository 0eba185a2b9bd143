// Writes dist/openapi.json (openapi.yaml as JSON) and dist/docs.html (self-contained Redoc page) for the gateway.
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { loadSpec } from "../src/spec";
import { apiDir, runRedocly } from "./redocly";

const distDir = join(apiDir, "dist");
await mkdir(distDir, { recursive: true });

await writeFile(join(distDir, "openapi.json"), `${JSON.stringify(loadSpec(), null, 2)}\n`);
console.log("wrote dist/openapi.json");

// --inlineBundle embeds the Redoc scripts, so the page needs no CDN when served by the gateway.
const docs = runRedocly([
  "build-docs",
  "openapi.yaml",
  "--output",
  join(distDir, "docs.html"),
  "--title",
  "Resveratrol Reviews API",
  "--inlineBundle",
]);
if (docs.status !== 0) {
  process.stderr.write(docs.stdout + docs.stderr);
  process.exit(docs.status ?? 1);
}
console.log("wrote dist/docs.html");

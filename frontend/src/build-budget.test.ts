import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { firstLoadGoalBytes, firstLoadLimitBytes } from "./build-budget.js";
import { clientEntry, firstLoadSources } from "./first-load.js";
import { languages, matchPage, routeKeys, routePath, type Lang } from "./routes.js";

/**
 * Reads the built client (make test builds it before this suite) and weighs, for every kind of public
 * page in both languages, the JavaScript a first visit downloads: the entry, its static imports, the
 * page's chunk, its language's copy and its content file, each gzipped as served.
 */

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
}

const clientDir = path.resolve(import.meta.dirname, "../dist/client");
const manifest = JSON.parse(readFileSync(path.join(clientDir, ".vite/manifest.json"), "utf8")) as Record<
  string,
  ManifestChunk
>;

const gzippedSizes = new Map<string, number>();
function gzippedSize(file: string): number {
  let size = gzippedSizes.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(clientDir, file)), { level: 9 }).length;
    gzippedSizes.set(file, size);
  }
  return size;
}

/** Every file a first load of `pathname` downloads, found by walking the manifest's static imports. */
function firstLoadFiles(pathname: string): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the built manifest`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const source of firstLoadSources(matchPage(pathname))) visit(source);
  return [...files].filter((file) => file.endsWith(".js"));
}

function homePath(lang: Lang) {
  return lang === "es" ? "/es" : "/";
}

/** One path per kind of public page, in each language. */
const publicPaths = languages.flatMap((lang) => [
  homePath(lang),
  ...routeKeys.map((key) => routePath(key, lang)),
  `${routePath("blog", lang)}/some-article`,
  `${routePath("review", lang)}/some-product`,
  `${homePath(lang).replace(/\/$/, "")}/no-such-page`,
]);

const weights = publicPaths.map((pathname) => {
  const files = firstLoadFiles(pathname);
  return { pathname, files, bytes: files.reduce((sum, file) => sum + gzippedSize(file), 0) };
});

describe("first-load JavaScript of the built client", () => {
  it("prints the figures", () => {
    const rows = weights.map(
      ({ pathname, files, bytes }) =>
        `${(bytes / 1000).toFixed(1).padStart(7)} kB  ${String(files.length).padStart(2)} files  ${pathname}`,
    );
    const heaviest = Math.max(...weights.map(({ bytes }) => bytes));
    console.log(
      `first-load JavaScript, gzipped (limit ${firstLoadLimitBytes / 1000} kB, goal ${firstLoadGoalBytes / 1000} kB, ` +
        `heaviest ${(heaviest / 1000).toFixed(1)} kB):\n${rows.join("\n")}`,
    );
    expect(rows).toHaveLength(publicPaths.length);
  });

  it.each(weights.map((weight) => [weight.pathname, weight] as const))(
    "%s stays within the limit",
    (_pathname, { bytes }) => {
      expect(bytes).toBeLessThanOrEqual(firstLoadLimitBytes);
    },
  );

  it("never loads admin, chat or chart code first", () => {
    const later = ["src/admin/admin-app.tsx", "src/overlays/overlays.tsx"].map((key) => manifest[key]?.file);
    expect(later.every(Boolean)).toBe(true);
    for (const { pathname, files } of weights) {
      for (const file of later) expect(files, pathname).not.toContain(file);
    }
    // Chart.js's own error message, which survives minification, marks its code wherever it lands.
    const firstLoaded = new Set(weights.flatMap(({ files }) => files));
    for (const file of firstLoaded) {
      expect(readFileSync(path.join(clientDir, file), "utf8"), file).not.toContain("can't acquire context");
    }
  });

  it("never loads the HTML sanitiser first (the server's sanitised markup is hydrated as it is)", () => {
    const sanitiser = manifest["src/lib/sanitize-html.ts"]?.file;
    expect(sanitiser).toBeTruthy();
    for (const { pathname, files } of weights) expect(files, pathname).not.toContain(sanitiser);
    // DOMPurify's own identifier, which survives minification, marks its code wherever it lands.
    const firstLoaded = new Set(weights.flatMap(({ files }) => files));
    for (const file of firstLoaded) {
      expect(readFileSync(path.join(clientDir, file), "utf8"), file).not.toContain("DOMPurify");
    }
  });

  it("loads one language's copy only", () => {
    const copyFiles = languages.map((lang) => manifest[`src/i18n/copy-${lang}.ts`]?.file);
    for (const { pathname, files } of weights) {
      expect(
        copyFiles.filter((file) => file && files.includes(file)),
        pathname,
      ).toHaveLength(1);
    }
  });

  it("keeps the entry free of pages (they are split by route)", () => {
    const entry = manifest[clientEntry]!;
    expect(entry.dynamicImports ?? []).toEqual(
      expect.arrayContaining(["src/pages/home/home-page.tsx", "src/pages/comparison/comparison-page.tsx"]),
    );
  });
});

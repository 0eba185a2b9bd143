import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { storedPageFromFile, type StoredPage } from "@rsv/api/content-page";

export interface SeedPage extends StoredPage {
  key: string;
  lang: "en" | "es";
}

const SEED_DIR = path.join("services", "content", "pages");

/**
 * The folder of the seed files. Found by walking up from this module, because it runs from the
 * sources (tsx), from the content service's bundle (services/content/dist) and from the migrate
 * bundle (gateway/dist), and the image holds the whole repository under /srv.
 */
export function seedPagesDir(from = path.dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, SEED_DIR);
    if (existsSync(path.join(candidate, "en"))) return candidate;
    if (dir === path.dirname(dir)) throw new Error(`No ${SEED_DIR} above ${from}`);
  }
}

/** Every seed file, `{lang}/{key}.md`, as a stored page. */
export function readSeedPages(dir = seedPagesDir()): SeedPage[] {
  return (["en", "es"] as const).flatMap((lang) =>
    readdirSync(path.join(dir, lang))
      .filter((name) => name.endsWith(".md"))
      .sort()
      .map((name) => {
        const file = path.join(dir, lang, name);
        return { key: name.slice(0, -3), lang, ...storedPageFromFile(readFileSync(file, "utf8"), `${lang}/${name}`) };
      }),
  );
}

import { sanitizeRichHtml } from "@rsv/kit/html";
import { normalizePostInput, slugFromTitle } from "../domain/post.js";
import { DEFAULT_SETTINGS } from "../domain/settings.js";
import type { PostsRepository } from "../repository/posts.repository.js";
import type { SettingsRepository } from "../repository/settings.repository.js";
import { demoPosts, demoSettings } from "./posts.js";

/** Adds the demo articles to an empty blog, linking translations by their seed keys. */
export async function seedPosts(posts: PostsRepository): Promise<number> {
  if ((await posts.count()) > 0) return 0;
  const ids = new Map<string, number>();
  for (const seed of demoPosts) {
    const changes = normalizePostInput(seed, sanitizeRichHtml);
    const translationId = seed.translationOf ? ids.get(seed.translationOf) : undefined;
    const created = await posts.create({ ...changes, translationId }, slugFromTitle(seed.title), seed.publishedAt);
    ids.set(seed.key, created.id);
  }
  return demoPosts.length;
}

/** The demo site name and description, unless the owner has saved settings. */
export async function seedSettings(settings: SettingsRepository): Promise<boolean> {
  return settings.insertIfMissing({ ...DEFAULT_SETTINGS, ...demoSettings });
}

import { fromColumns, isUniqueViolation, toColumns, type Knex } from "@rsv/kit";
import { InvalidTranslation, PostConflict, type Lang, type PostChanges, type PostRecord } from "../domain/post.js";

const POSTS = "content.posts";

interface PostRow {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  content: string;
  category: string;
  image_url: string;
  published: boolean;
  first_published_at: Date | string | null;
  meta_title: string | null;
  meta_description: string | null;
  keywords: string[];
  lang: Lang;
  translation_id: number | null;
  created_at: Date | string;
  updated_at: Date | string;
}

interface JoinedRow extends PostRow {
  translation_slug: string | null;
  translation_published: boolean | null;
  live: boolean;
}

/**
 * Whether visitors see a post: published, and its publication time has come. Decided at each read by
 * the database's clock (the same for every replica), so a scheduled post needs no timer that a
 * restart could lose; the caches in front keep an anonymous read for 2 s at most.
 */
const live = (alias: string) => `(${alias}.published and ${alias}.first_published_at <= now())`;

const iso = (value: Date | string) => new Date(value).toISOString();

function toRecord(row: JoinedRow): PostRecord {
  return {
    ...fromColumns(row),
    firstPublishedAt: row.first_published_at === null ? null : iso(row.first_published_at),
    keywords: row.keywords ?? [],
    translationPublished: row.translation_published === true,
    live: row.live === true,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** A slug clash, or a clash on the translation link (two admins linking at once). */
function conflictOf(error: unknown) {
  const constraint = String((error as { constraint?: string }).constraint ?? "");
  return new PostConflict(
    constraint.includes("translation")
      ? "The translation was changed at the same time, try again"
      : "Slug already in use",
  );
}

/**
 * When a post goes public after an update: the time asked for; with none given (undefined) the time
 * it already had, or now when it is first published; with null, now for a post whose time was still
 * ahead (publish a scheduled post at once).
 */
function publicationTime(trx: Knex, current: PostRow, changes: PostChanges) {
  if (changes.publishAt) return changes.publishAt;
  const had = current.first_published_at === null ? null : new Date(current.first_published_at);
  if (changes.publishAt === null && had && had.getTime() > Date.now()) return trx.fn.now();
  return had ?? (changes.values.published ? trx.fn.now() : null);
}

export class PostsRepository {
  constructor(private readonly db: Knex) {}

  private joined(db: Knex = this.db) {
    return db({ p: POSTS })
      .leftJoin({ t: POSTS }, "t.id", "p.translation_id")
      .select<JoinedRow[]>(
        "p.*",
        { translation_slug: "t.slug" },
        db.raw(`coalesce(${live("t")}, false) as translation_published`),
        db.raw(`coalesce(${live("p")}, false) as live`),
      );
  }

  /** Every post, drafts and scheduled ones included, or only those visitors see; only one language when given. */
  async list(filter: { publishedOnly?: boolean; lang?: Lang } = {}): Promise<PostRecord[]> {
    const query = this.joined();
    if (filter.publishedOnly) query.whereRaw(live("p"));
    if (filter.lang) query.where("p.lang", filter.lang);
    return (await query).map(toRecord);
  }

  async count(): Promise<number> {
    const [row] = await this.db(POSTS).count<{ n: number }[]>({ n: "*" });
    return Number(row?.n ?? 0);
  }

  async findById(id: number, db: Knex = this.db): Promise<PostRecord | undefined> {
    const [row] = await this.joined(db).where("p.id", id);
    return row ? toRecord(row) : undefined;
  }

  async findBySlug(slug: string): Promise<PostRecord | undefined> {
    const [row] = await this.joined().where("p.slug", slug);
    return row ? toRecord(row) : undefined;
  }

  /**
   * Inserts a post. A given slug must be free (409); otherwise the title's slug gets -2, -3… on a
   * clash. `publishedAt` is for the seed; new posts are stamped when they are first published.
   */
  async create(changes: PostChanges, slugBase: string, publishedAt?: string | null): Promise<PostRecord> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.db.transaction(async (trx) => {
          const slug = changes.slug ?? (await this.freeSlug(trx, slugBase));
          if (changes.slug) await this.ensureSlugFree(trx, changes.slug);
          const firstPublishedAt =
            changes.publishAt ?? (changes.values.published ? (publishedAt ?? trx.fn.now()) : null);
          const [inserted] = await trx(POSTS)
            .insert({ ...toColumns(changes.values), slug, first_published_at: firstPublishedAt })
            .returning<{ id: number }[]>("id");
          const id = inserted!.id;
          if (changes.translationId != null) await this.link(trx, id, changes.values.lang, changes.translationId);
          return (await this.findById(id, trx))!;
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // A concurrent insert took the generated slug between the check and the insert: try the next one.
        if (changes.slug || attempt >= 4 || !String((error as { constraint?: string }).constraint).includes("slug")) {
          throw conflictOf(error);
        }
      }
    }
  }

  /**
   * Replaces the editable fields. The slug changes only when one is given; the translation link
   * only when translationId is given (null unlinks both sides). The first publication date is kept.
   */
  async update(id: number, changes: PostChanges): Promise<PostRecord | undefined> {
    try {
      return await this.db.transaction(async (trx) => {
        const current = await trx<PostRow>(POSTS).where({ id }).forUpdate().first();
        if (!current) return undefined;
        const slug = changes.slug ?? current.slug;
        if (slug !== current.slug) await this.ensureSlugFree(trx, slug, id);
        await trx(POSTS)
          .where({ id })
          .update({
            ...toColumns(changes.values),
            slug,
            first_published_at: publicationTime(trx, current, changes),
            updated_at: trx.fn.now(),
          });
        const target = changes.translationId === undefined ? current.translation_id : changes.translationId;
        if (target !== null) await this.link(trx, id, changes.values.lang, target);
        else if (current.translation_id !== null) await this.unlink(trx, id);
        return this.findById(id, trx);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflictOf(error);
      throw error;
    }
  }

  /** Deleting a post clears its translation's link (ON DELETE SET NULL). */
  async delete(id: number): Promise<boolean> {
    // The rows themselves, not a count: the embedded driver (PGlite) reports no count for a delete.
    return (await this.db(POSTS).where({ id }).delete().returning("id")).length > 0;
  }

  /** Links two posts both ways, dropping any link either had before. */
  private async link(trx: Knex, id: number, lang: Lang, partnerId: number): Promise<void> {
    const problem = (message: string) => new InvalidTranslation(message);
    if (partnerId === id) throw problem("A post cannot be its own translation");
    const partner = await trx<PostRow>(POSTS).where({ id: partnerId }).forUpdate().first();
    if (!partner) throw problem("The translation does not exist");
    if (partner.lang === lang) throw problem("The translation must be in the other language");
    const current = await trx<PostRow>(POSTS).where({ id }).first();
    if (current?.translation_id === partnerId && partner.translation_id === id) return;
    await trx(POSTS)
      .whereIn("id", [id, partnerId])
      .orWhereIn("translation_id", [id, partnerId])
      .update({ translation_id: null });
    await trx(POSTS).where({ id }).update({ translation_id: partnerId });
    await trx(POSTS).where({ id: partnerId }).update({ translation_id: id });
  }

  private async unlink(trx: Knex, id: number): Promise<void> {
    await trx(POSTS).where({ id }).orWhere({ translation_id: id }).update({ translation_id: null });
  }

  private async ensureSlugFree(trx: Knex, slug: string, ownId?: number): Promise<void> {
    const taken = await trx(POSTS)
      .where({ slug })
      .modify((q) => {
        if (ownId !== undefined) q.whereNot({ id: ownId });
      })
      .first("id");
    if (taken) throw new PostConflict("Slug already in use");
  }

  private async freeSlug(trx: Knex, base: string): Promise<string> {
    const taken = new Set(
      (
        await trx(POSTS).select<{ slug: string }[]>("slug").where("slug", base).orWhere("slug", "like", `${base}-%`)
      ).map((row) => row.slug),
    );
    for (let n = 1; ; n++) {
      const candidate = n === 1 ? base : `${base}-${n}`;
      if (!taken.has(candidate)) return candidate;
    }
  }
}

import { fromColumns, toColumns, type Knex } from "@rsv/kit";
import type { ImageMime } from "../domain/image-type.js";

const IMAGES = "media.images";

/** An image without its bytes. */
export interface ImageMeta {
  id: number;
  filename: string;
  originalName: string;
  mimeType: ImageMime;
  fileSize: number;
  width: number | null;
  height: number | null;
  sha256: string;
  createdAt: string;
}

export type NewImage = Omit<ImageMeta, "id" | "createdAt"> & { data: Buffer };

interface ImageRow {
  id: number;
  filename: string;
  original_name: string;
  mime_type: ImageMime;
  file_size: number;
  width: number | null;
  height: number | null;
  sha256: string;
  created_at: Date | string;
}

const META_COLUMNS = [
  "id",
  "filename",
  "original_name",
  "mime_type",
  "file_size",
  "width",
  "height",
  "sha256",
  "created_at",
] as const;

function toMeta(row: ImageRow): ImageMeta {
  return { ...fromColumns(row), createdAt: new Date(row.created_at).toISOString() };
}

function toRow(image: NewImage) {
  return toColumns(image);
}

export class ImagesRepository {
  constructor(private readonly db: Knex) {}

  /** Newest first, never the bytes. */
  async list(): Promise<ImageMeta[]> {
    const rows = await this.db<ImageRow>(IMAGES)
      .select(...META_COLUMNS)
      .orderBy([
        { column: "created_at", order: "desc" },
        { column: "id", order: "desc" },
      ]);
    return rows.map(toMeta);
  }

  async findMeta(filename: string): Promise<ImageMeta | undefined> {
    const row = await this.db<ImageRow>(IMAGES)
      .select(...META_COLUMNS)
      .where({ filename })
      .first();
    return row ? toMeta(row) : undefined;
  }

  async findData(id: number): Promise<Buffer | undefined> {
    const row = await this.db(IMAGES).select<{ data: Uint8Array }[]>("data").where({ id }).first();
    // node-postgres gives a Buffer; PGlite a Uint8Array.
    return row ? Buffer.from(row.data.buffer, row.data.byteOffset, row.data.byteLength) : undefined;
  }

  async existingNames(filenames: string[]): Promise<Set<string>> {
    const rows = await this.db(IMAGES).select<{ filename: string }[]>("filename").whereIn("filename", filenames);
    return new Set(rows.map((row) => row.filename));
  }

  async create(image: NewImage): Promise<ImageMeta> {
    const [row] = await this.db(IMAGES)
      .insert(toRow(image))
      .returning<ImageRow[]>(META_COLUMNS as unknown as string[]);
    return toMeta(row!);
  }

  /** For the seed: adds the images whose names are not taken yet. */
  async insertMissing(images: NewImage[]): Promise<number> {
    let added = 0;
    for (const image of images) {
      const inserted = await this.db(IMAGES).insert(toRow(image)).onConflict("filename").ignore().returning("id");
      added += inserted.length;
    }
    return added;
  }

  /** The deleted image's metadata, or undefined when there was none by that name. */
  async delete(filename: string): Promise<ImageMeta | undefined> {
    const [row] = await this.db(IMAGES)
      .where({ filename })
      .delete()
      .returning<ImageRow[]>(META_COLUMNS as unknown as string[]);
    return row ? toMeta(row) : undefined;
  }
}

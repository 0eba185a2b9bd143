import { createHash } from "node:crypto";
import type { Migration } from "@rsv/kit";
import { imageDimensions, type ImageMime } from "../domain/image-type.js";
import { withoutMetadata } from "../domain/metadata.js";

/**
 * Images uploaded before uploads lost their metadata: each is rewritten as an upload is now (see
 * withoutMetadata), one at a time, so none of them goes on serving a GPS position. An image that no
 * longer decodes is left as it is. Their addresses stay; their ETags change with their bytes.
 */
export const media003: Migration = {
  name: "003_without_metadata",
  async up(db) {
    const ids = (await db("media.images").select("id").orderBy("id")) as Array<{ id: number }>;
    for (const { id } of ids) {
      const row = (await db("media.images").select("data", "mime_type").where({ id }).first()) as {
        data: Uint8Array;
        mime_type: ImageMime;
      };
      const before = Buffer.from(row.data.buffer, row.data.byteOffset, row.data.byteLength);
      const after = await withoutMetadata(before, row.mime_type).catch((error: unknown) => {
        // Left as it is, and said: an owner may want to replace it by hand.
        console.warn(`media image ${id} kept as stored, its metadata with it: ${String(error)}`);
        return null;
      });
      if (!after || after.equals(before)) continue;
      const size = await imageDimensions(after);
      await db("media.images")
        .where({ id })
        .update({
          data: after,
          file_size: after.length,
          sha256: createHash("sha256").update(after).digest("hex"),
          ...(size ? { width: size.width, height: size.height } : {}),
        });
    }
  },
  async down() {
    // What was taken out is gone.
  },
};

import { createHash } from "node:crypto";
import type { ImagesRepository } from "../repository/images.repository.js";
import { demoImageSpecs, renderDemoImage } from "./demo-images.js";

/** Adds the demo images the seeded products and posts point to; images already there are kept. */
export async function seedDemoImages(images: ImagesRepository): Promise<number> {
  const existing = await images.existingNames(demoImageSpecs.map((spec) => spec.filename));
  const missing = demoImageSpecs.filter((spec) => !existing.has(spec.filename));
  // One at a time: libvips already uses every core for one render, and parallel renders only thrash.
  const rendered = [];
  for (const spec of missing) {
    const { data, width, height } = await renderDemoImage(spec);
    rendered.push({
      filename: spec.filename,
      originalName: spec.filename,
      mimeType: "image/png" as const,
      fileSize: data.length,
      width,
      height,
      sha256: createHash("sha256").update(data).digest("hex"),
      data,
    });
  }
  return images.insertMissing(rendered);
}

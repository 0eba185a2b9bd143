import { sanitizeRichHtml } from "@rsv/kit/html";
import { normalizeInput, productSlug } from "../domain/product.js";
import type { ProductsRepository } from "../repository/products.repository.js";
import { demoProducts } from "./products.js";

/** Adds the demo catalogue to an empty catalogue; a catalogue with products is left alone. */
export async function seedCatalog(products: ProductsRepository): Promise<number> {
  if ((await products.count()) > 0) return 0;
  for (const seed of demoProducts) {
    const values = normalizeInput(seed, sanitizeRichHtml);
    await products.create(values, productSlug(values.name, values.brand));
  }
  return demoProducts.length;
}

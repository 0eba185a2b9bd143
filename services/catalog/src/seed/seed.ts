import { sanitizeRichHtml } from "@rsv/kit/html";
import { normalizeOffer } from "../domain/offer.js";
import { normalizeInput, productSlug } from "../domain/product.js";
import type { OffersRepository } from "../repository/offers.repository.js";
import type { ProductsRepository } from "../repository/products.repository.js";
import { demoProducts } from "./products.js";

/** Adds the demo catalogue to an empty catalogue; a catalogue with products is left alone. */
export async function seedCatalog(products: ProductsRepository, offers: OffersRepository): Promise<number> {
  if ((await products.count()) > 0) return 0;
  for (const { offers: demoOffers, ...seed } of demoProducts) {
    const values = normalizeInput(seed, sanitizeRichHtml);
    const product = await products.create(values, productSlug(values.name, values.brand));
    for (const offer of demoOffers) await offers.create(normalizeOffer({ ...offer, productId: product.id }));
  }
  return demoProducts.length;
}

import type { BlogPost, Product } from "@rsv/api/client";

/**
 * A larger catalogue for the bench, through the admin API like any admin would add it: copies of
 * the demo products and posts (so pages keep their real sizes) until there are `products` products
 * and `posts` published posts.
 */

/** The admin every bench run signs in as, created at start from ADMIN_EMAIL and ADMIN_PASSWORD. */
export const benchAdmin = { email: "bench@example.com", password: "bench-admin-passphrase-42" };

/**
 * The settings every bench run starts the site with: production mode (React's server renderer is
 * several times faster than its development build), the per-address budgets lifted for load from
 * one address (the limits have their own tests), and the bench's admin.
 */
export const benchSettings = {
  NODE_ENV: "production",
  RATE_LIMIT_SCALE: "100000",
  ADMIN_EMAIL: benchAdmin.email,
  ADMIN_PASSWORD: benchAdmin.password,
};

const PRODUCT_FIELDS = new Set([
  "name",
  "brand",
  "potency",
  "source",
  "price",
  "rating",
  "reviewCount",
  "preferredRetailer",
  "imageUrl",
  "description",
  "bestFor",
  "placement",
  "featured",
  "badge",
  "features",
  "benefits",
  "htmlContent",
  "couponCode",
  "couponDiscount",
  "couponDescription",
  "inStock",
  "isTopRanked",
  "keywords",
  "category",
  "ageRange",
  "translations",
]);
const POST_FIELDS = new Set([
  "title",
  "excerpt",
  "content",
  "category",
  "imageUrl",
  "metaDescription",
  "keywords",
  "lang",
]);

const pick = (value: object, fields: Set<string>) =>
  Object.fromEntries(Object.entries(value).filter(([key, v]) => fields.has(key) && v !== null));

export async function seedLargerCatalogue(
  base: string,
  admin: { email: string; password: string },
  target: { products: number; posts: number },
): Promise<{ products: number; posts: number }> {
  const origin = new URL(base).origin;
  const login = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify(admin),
  });
  if (login.status !== 200) throw new Error(`bench seeding: admin login failed (${login.status})`);
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0]!;
  const send = async <T = unknown>(method: string, path: string, body: unknown): Promise<T> => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { "content-type": "application/json", origin, cookie },
      body: JSON.stringify(body),
    });
    if (!response.ok)
      throw new Error(`bench seeding: ${method} ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json().catch(() => undefined)) as T;
  };
  const read = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${base}${path}`, { headers: { cookie } });
    if (!response.ok) throw new Error(`bench seeding: GET ${path} answered ${response.status}`);
    return (await response.json()) as T;
  };

  const products = await read<Product[]>("/api/products");
  for (let n = products.length; n < target.products; n++) {
    const model = products[n % products.length]!;
    const copy = await send<Product>("POST", "/api/products", {
      ...pick(model, PRODUCT_FIELDS),
      name: `${model.name} ${n + 1}`,
    });
    // The same retailers and prices as its model, at addresses of its own.
    for (const offer of model.offers) {
      const { retailer, market, price, currency, packSize } = offer;
      const url = `https://shop.example.com/bench/${copy.id}/${market}/${offer.id}`;
      await send("POST", "/api/offers", { productId: copy.id, retailer, market, url, price, currency, packSize });
    }
  }
  const posts = await read<BlogPost[]>("/api/blog");
  const published = posts.filter((p) => p.published);
  for (let n = published.length; n < target.posts; n++) {
    const model = published[n % published.length]!;
    await send("POST", "/api/blog", {
      ...pick(model, POST_FIELDS),
      title: `${model.title} (${n + 1})`,
      published: true,
    });
  }
  return {
    products: (await read<Product[]>("/api/products")).length,
    posts: (await read<BlogPost[]>("/api/blog")).filter((p) => p.published).length,
  };
}

import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type Stock = "in" | "out";

/**
 * A retailer's shop on this machine's loopback, for the link checker to read: each path is a product
 * page whose schema.org data says in stock or out of stock, as the test sets it; any other path is 404.
 * The topology lets the checker reach private addresses for this (LINK_CHECK_ALLOW_PRIVATE_ADDRESSES).
 */
export interface Retailer {
  url: (path: string) => string;
  stock: (path: string, stock: Stock) => void;
  /** Requests each path has had. */
  visits: (path: string) => number;
  close: () => Promise<void>;
}

function page(stock: Stock): string {
  const availability = stock === "in" ? "https://schema.org/InStock" : "https://schema.org/OutOfStock";
  const data = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: "Resveratrol",
    offers: { "@type": "Offer", availability },
  };
  return `<!doctype html><html lang="en"><head><title>Resveratrol</title><script type="application/ld+json">${JSON.stringify(data)}</script></head><body><h1>Resveratrol</h1><p>${stock === "in" ? "Add to basket" : "Currently unavailable"}</p></body></html>`;
}

export async function startRetailer(): Promise<Retailer> {
  const stocks = new Map<string, Stock>();
  const visits = new Map<string, number>();
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://retailer.invalid").pathname;
    visits.set(path, (visits.get(path) ?? 0) + 1);
    const stock = stocks.get(path);
    if (!stock) {
      response.writeHead(404, { "content-type": "text/html" }).end("<!doctype html><title>Not found</title>");
      return;
    }
    response
      .writeHead(200, { "content-type": "text/html; charset=utf-8" })
      .end(request.method === "HEAD" ? undefined : page(stock));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    stock: (path, stock) => void stocks.set(path, stock),
    visits: (path) => visits.get(path) ?? 0,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

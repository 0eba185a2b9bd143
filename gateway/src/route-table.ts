import table from "../routes.json" with { type: "json" };

export type Upstream = "web" | "catalog" | "content" | "newsletter" | "media" | "analytics" | "chat" | "auth";

export type Route = { path: string; exact?: boolean } & (
  | {
      upstream: Upstream;
      maxBody?: string;
      microCache?: boolean;
      /**
       * The analytics beacon: no cache generation passed or counted (an admin's page view, cookie
       * and all, changes nothing a cache holds), so nginx runs no Lua for it.
       */
      beacon?: boolean;
    }
  | { file: string; type: string }
  | { dir: string; immutable?: boolean }
  | { notFound: true }
  | { health: true }
);

export const upstreams = table.upstreams as Upstream[];
export const routes = table.routes as Route[];

/** The route a request path goes to: an exact route, else the longest matching prefix. */
export function resolveRoute(pathname: string): Route {
  let best: Route | undefined;
  for (const route of routes) {
    const hit = route.exact
      ? pathname === route.path
      : route.path.endsWith("/")
        ? pathname.startsWith(route.path)
        : pathname === route.path || pathname.startsWith(`${route.path}/`);
    if (hit && (route.exact || !best || (!best.exact && route.path.length > best.path.length))) {
      if (route.exact) return route;
      best = route;
    }
  }
  if (!best) throw new Error(`No route for ${pathname}`);
  return best;
}

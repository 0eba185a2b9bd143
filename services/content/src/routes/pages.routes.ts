import { notFound, type OperationRouter } from "@rsv/kit";
import { normalizePageInput, publishedPage } from "../domain/page.js";
import type { PagesRepository } from "../repository/pages.repository.js";

export function pageRoutes(router: OperationRouter, pages: PagesRepository): void {
  router.on("listPages", async (ctx) => {
    ctx.body = await pages.list();
  });

  router.on(
    "getPage",
    async (ctx, { params }) => {
      const page = await pages.find(params.key, params.lang);
      if (!page) throw notFound("Page not found");
      ctx.body = publishedPage(page);
    },
    { readCache: true },
  );

  router.on("updatePage", async (ctx, { params, body, admin }) => {
    const values = normalizePageInput(body);
    // The one place a page is saved.
    const saved = await pages.save(params.key, params.lang, values, admin?.email ?? null);
    if (!saved) throw notFound("Page not found");
    ctx.body = saved;
  });
}

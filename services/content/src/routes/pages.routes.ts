import { notFound, type OperationRouter, type RevisionStore } from "@rsv/kit";
import { normalizePageInput, pageRevisionId, pageSnapshot, publishedPage } from "../domain/page.js";
import type { PagesRepository } from "../repository/pages.repository.js";

export function pageRoutes(router: OperationRouter, pages: PagesRepository, revisions: RevisionStore): void {
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
    const before = await pages.find(params.key, params.lang);
    // The one place a page is saved.
    const saved = await pages.save(params.key, params.lang, values, admin?.email ?? null);
    if (!before || !saved) throw notFound("Page not found");
    const id = pageRevisionId(params.key, params.lang);
    await revisions.record({
      entity: "page",
      entityId: id,
      actor: admin,
      before: pageSnapshot(before),
      after: pageSnapshot(saved),
    });
    ctx.state.audit = { target: { entity: "pages", id }, before, after: saved };
    ctx.body = saved;
  });
}

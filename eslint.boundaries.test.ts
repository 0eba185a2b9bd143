import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: fileURLToPath(new URL(".", import.meta.url)) });

/** The boundary messages ESLint gives for `code` as if it were the file at `filePath`. */
async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages
    .filter(
      (message) =>
        message.ruleId === "@typescript-eslint/no-restricted-imports" || message.ruleId === "no-restricted-globals",
    )
    .map((message) => message.message);
}

// The first lint loads the whole configuration (typescript-eslint and its parser), which takes seconds.
describe("import boundaries (eslint.boundaries.js)", { timeout: 60_000 }, () => {
  it("stops a service importing another service, by package or by path", async () => {
    for (const code of [
      'export { chatService } from "@rsv/chat/service";',
      'import { chatService } from "@rsv/chat/service";\nexport const s = chatService;',
      'import { slugFromTitle } from "../../../content/src/domain/post.js";\nexport const f = slugFromTitle;',
    ]) {
      expect(await boundaryErrors("services/catalog/src/routes/products.routes.ts", code), code).toEqual([
        expect.stringMatching(/never imports another service/),
      ]);
    }
    expect(
      await boundaryErrors(
        "services/analytics/src/repository/events.repository.ts",
        'import { catalogService } from "@rsv/catalog/service";\nexport const s = catalogService;',
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        "services/catalog/src/routes/products.routes.ts",
        'import { notFound } from "@rsv/kit";\nimport { sanitizeRichHtml } from "@rsv/kit/html";\nexport const x = [notFound, sanitizeRichHtml];',
      ),
    ).toEqual([]);
  });

  it("keeps the front end off services/ except the kit's runtime", async () => {
    for (const code of [
      'import { operations } from "@rsv/kit";\nexport const o = operations;',
      'import { createLogger } from "@rsv/kit";\nexport const c = createLogger;',
      'import { buildProduct } from "@rsv/kit/factories";\nexport const b = buildProduct;',
      'import { catalogService } from "@rsv/catalog/service";\nexport const c = catalogService;',
      'import { createDb } from "../../services/kit/src/db.js";\nexport const c = createDb;',
    ]) {
      expect(await boundaryErrors("frontend/src/pages/home-page.tsx", code), code).toEqual([
        expect.stringMatching(/front end talks to services over HTTP/),
      ]);
    }
    expect(
      await boundaryErrors(
        "frontend/src/server/app.ts",
        'import { createLogger } from "@rsv/kit/runtime";\nimport { createApiClient } from "@rsv/api/client";\nexport const x = [createLogger, createApiClient];',
      ),
    ).toEqual([]);
  });

  it("allows knex only in repositories, migrations and the kit's db module", async () => {
    const uses = [
      'import type { Knex } from "@rsv/kit";\nexport type Db = Knex;',
      'import knex from "knex";\nexport const k = knex;',
      'import type { Knex } from "@rsv/kit/db";\nexport type Db = Knex;',
    ];
    for (const file of ["services/content/src/routes/posts.routes.ts", "services/analytics/src/jobs/event-task.ts"]) {
      for (const code of uses) {
        expect(await boundaryErrors(file, code), `${file}: ${code}`).toEqual([
          expect.stringMatching(/knex belongs in repository/),
        ]);
      }
    }
    expect(
      await boundaryErrors("services/kit/src/session.ts", 'import knex from "knex";\nexport const k = knex;'),
    ).toEqual([expect.stringMatching(/knex belongs in repository/)]);
    expect(
      await boundaryErrors("gateway/src/seed.ts", 'import knex from "knex";\nexport const k = knex;'),
    ).toHaveLength(1);
    for (const file of [
      "services/content/src/repository/posts.repository.ts",
      "services/content/src/migrations/001_content.ts",
    ]) {
      expect(await boundaryErrors(file, uses[0]!), file).toEqual([]);
    }
    expect(await boundaryErrors("services/kit/src/db.ts", uses[1]!)).toEqual([]);
  });

  it("keeps domain/ free of Koa, the database and the HTTP client", async () => {
    for (const code of [
      'import type { Context } from "koa";\nexport type C = Context;',
      'import type { ApiClient } from "@rsv/kit";\nexport type A = ApiClient;',
      'import type { Knex } from "@rsv/kit";\nexport type K = Knex;',
      'import { createApiClient } from "@rsv/api/client";\nexport const c = createApiClient;',
      'import { KnowledgeBase } from "../clients/knowledge-base.js";\nexport const k = KnowledgeBase;',
      'export const load = () => fetch("http://catalog/api/products");',
    ]) {
      expect(await boundaryErrors("services/chat/src/domain/answer.ts", code), code).toEqual([
        expect.stringMatching(/domain\/ is pure/),
      ]);
    }
    expect(
      await boundaryErrors(
        "services/catalog/src/domain/product.ts",
        'import type { Schemas } from "@rsv/api/client";\nimport { slugify } from "@rsv/kit";\nexport type P = Schemas["Product"];\nexport const s = slugify;',
      ),
    ).toEqual([]);
  });
});

import { afterAll, beforeAll, describe } from "vitest";
import { startEmbeddedService, type EmbeddedService } from "@rsv/kit/testing";
import { catalogService } from "./service.js";
import { catalogueReadChecks } from "./catalogue-reads.checks.js";

describe("catalogue reads over embedded PGlite", () => {
  let service: EmbeddedService;

  beforeAll(async () => {
    service = await startEmbeddedService(catalogService);
  }, 60_000);

  afterAll(() => service?.close());

  catalogueReadChecks(() => service.url);
});

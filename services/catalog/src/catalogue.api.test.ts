import { describe } from "vitest";
import { gatewayUrl } from "@rsv/kit/testing";
import { catalogueReadChecks } from "./catalogue-reads.checks.js";

describe("catalogue reads through the nginx gateway over PostgreSQL", () => {
  catalogueReadChecks(gatewayUrl);
});

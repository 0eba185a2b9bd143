import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import os from "node:os";
import path from "node:path";
import { createLogger } from "@rsv/kit/runtime";
import { startEmbeddedService, type EmbeddedService } from "@rsv/kit/testing";
import { createWebApp } from "@rsv/web/server";
import { afterAll, beforeAll, describe } from "vitest";
import { freePort, httpOk, stopProcess, waitFor, type Started } from "../../infra/local/processes.js";
import { everyUpstreamAt, startGatewayNginx } from "../../infra/local/topology.js";
import { serviceDefinitions } from "./services.js";
import { signUpBudgetRules } from "./sign-up-budget.rules.js";

/**
 * The gateway's nginx in front of the web process and the newsletter service, as the topology runs
 * them but with the contract's own budgets (the topology raises them for its suites): the web
 * process's call to the newsletter API goes back through nginx, as INTERNAL_API_URL does in production.
 */

const work = mkdtempSync(path.join(os.tmpdir(), "rsv-sign-up-budget-"));
const secret = randomBytes(32).toString("base64url");
let newsletter: EmbeddedService;
let web: Server;
let nginx: Started;
let base = "";

beforeAll(async () => {
  const [gatewayPort, webPort] = await Promise.all([freePort(), freePort()]);
  base = `http://127.0.0.1:${gatewayPort}`;
  newsletter = await startEmbeddedService(serviceDefinitions.newsletter, {
    seed: false,
    config: { INTERNAL_TOKEN: secret },
  });
  const app = createWebApp({
    apiBaseUrl: base,
    publicOrigin: base,
    trustedProxies: ["loopback"],
    internalToken: secret,
    logger: createLogger("web", "silent"),
  });
  web = app.listen(webPort, "127.0.0.1");
  const runtime = path.join(work, "nginx");
  mkdirSync(path.join(runtime, "logs"), { recursive: true });
  nginx = startGatewayNginx("nginx-sign-up-budget", {
    port: gatewayPort,
    servers: {
      ...everyUpstreamAt("127.0.0.1:9"),
      web: [`127.0.0.1:${webPort}`],
      newsletter: [new URL(newsletter.url).host],
    },
    runtime,
    logDir: path.join(runtime, "logs"),
  });
  await waitFor("nginx", () => httpOk(`${base}/healthz`), 20_000);
  // PGlite's first start and the migrations: seconds, a minute or more on a busy machine.
}, 180_000);

afterAll(async () => {
  if (nginx) await stopProcess(nginx);
  web?.close();
  await newsletter?.close();
  rmSync(work, { recursive: true, force: true });
});

describe("the no-JavaScript sign-up behind nginx", { timeout: 30_000 }, () => {
  signUpBudgetRules(() => base, 1);
});

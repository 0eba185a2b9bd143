import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { call } from "@rsv/kit/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, httpOk, startProcess, stopProcess, waitFor, type Started } from "../../infra/local/processes.js";
import { deepJsonRules } from "./deep-json.rules.js";
import { signUpBudgetRules } from "./sign-up-budget.rules.js";

/**
 * What the embedded server (make start) believes about who calls it. Nothing stands in front of it,
 * so no X-Forwarded-* header a client writes is believed; the site's own processes name a visitor to
 * each other with the secret the server made up at start, which no client has.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const admin = { email: "embedded-trust@example.com", password: "embedded-trust-passphrase-42" };
let site: Started;
let base = "";
let dataDir = "";

beforeAll(async () => {
  const port = await freePort();
  dataDir = mkdtempSync(path.join(os.tmpdir(), "rsv-embedded-trust-"));
  site = startProcess("embedded-trust", process.execPath, ["--import", "tsx", "gateway/src/embedded.ts"], {
    cwd: repoRoot,
    logDir: dataDir,
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      // As make start runs it: PGlite and budgets in memory, whatever database the test run was given.
      DATABASE_URL: "",
      REDIS_URL: "",
      DATA_DIR: path.join(dataDir, "pglite"),
      LOG_LEVEL: "info",
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
    },
  });
  base = `http://127.0.0.1:${port}`;
  // Migrations and demo content in PGlite: slow on a busy machine.
  await waitFor("embedded server", () => httpOk(`${base}/api/products`), 170_000);
}, 180_000);

afterAll(async () => {
  if (site) await stopProcess(site);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe("the no-JavaScript sign-up in embedded mode", { timeout: 30_000 }, () => {
  signUpBudgetRules(() => base, 2);
});

describe("deeply nested JSON in embedded mode", () => {
  deepJsonRules(
    () => base,
    () => readFileSync(site.logFile, "utf8"),
  );
});

describe("X-Forwarded-Host in embedded mode", () => {
  let cookie = "";
  beforeAll(async () => {
    const response = await call("POST", "/api/auth/login", { json: admin, baseUrl: base });
    expect(response.status).toBe(200);
    cookie = (response.headers.get("set-cookie") ?? "").split(";")[0]!;
  });

  const remove = (headers: Record<string, string>) =>
    call("DELETE", "/api/products/2147483000", { baseUrl: base, headers: { cookie, ...headers } });

  it.each([
    ["another port of this machine", { origin: "http://127.0.0.1:1", "x-forwarded-host": "127.0.0.1:1" }],
    [
      "another site, over HTTPS",
      { origin: "https://evil.example.org", "x-forwarded-host": "evil.example.org", "x-forwarded-proto": "https" },
    ],
  ])("a foreign Origin that X-Forwarded-Host names is refused: %s", async (_, headers) => {
    const response = await remove(headers);
    expect(response.status).toBe(403);
    expect((response.body as { error: { code: string } }).error.code).toBe("forbidden");
  });

  it("the site's own Origin still writes with the admin's cookie", async () => {
    expect((await remove({ origin: base })).status).toBe(404);
  });
});

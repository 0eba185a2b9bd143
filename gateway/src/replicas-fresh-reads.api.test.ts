import { chmodSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { call, rawGet } from "@rsv/kit/testing";
import { afterAll, beforeAll, describe } from "vitest";
import { nodeArgs } from "../../infra/build/entries.js";
import { freePort, httpOk, startProcess, stopProcess, waitFor, type Started } from "../../infra/local/processes.js";
import { startGatewayNginx } from "../../infra/local/topology.js";
import { freshReadChecks } from "./fresh-reads.checks.js";
import type { Upstream } from "./route-table.js";

/**
 * Two content replicas behind one nginx: a write taken by one replica must not leave the other's
 * read cache answering the old post. The topology's services, a second content process and a web
 * process of this test's own (its pages read through this nginx), with nginx in front of them.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

describe("two content replicas behind nginx", () => {
  const started: Started[] = [];
  let nginx: Started | undefined;
  let base = "";
  let work = "";
  /** Both content replicas' own addresses. */
  let contentReplicas: string[] = [];

  beforeAll(async () => {
    work = mkdtempSync(path.join(os.tmpdir(), "rsv-replicas-"));
    const logDir = path.join(work, "logs");
    mkdirSync(logDir);
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const serviceUrls = JSON.parse(process.env.SERVICE_URLS ?? "{}") as Record<Upstream, string>;
    const servers = Object.fromEntries(
      Object.entries(serviceUrls).map(([name, url]) => [name, [new URL(url).host]]),
    ) as Record<Upstream, string[]>;
    const env = {
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      DATABASE_URL: process.env.DATABASE_URL!,
      REDIS_URL: process.env.REDIS_URL!,
      INTERNAL_API_URL: base,
      PUBLIC_ORIGIN: base,
      MIGRATE_ON_START: "false",
      LOG_LEVEL: "warn",
      RATE_LIMIT_SCALE: "1000",
    };
    const launch = async (name: string, entry: string) => {
      const processPort = await freePort();
      started.push(
        startProcess(name, process.execPath, nodeArgs(entry), {
          cwd: repoRoot,
          logDir,
          env: { ...env, PORT: String(processPort) },
        }),
      );
      await waitFor(name, () => httpOk(`http://127.0.0.1:${processPort}/healthz`), 90_000);
      return `127.0.0.1:${processPort}`;
    };
    const [content, web] = await Promise.all([
      launch("content-second", "services/content/src/main.ts"),
      launch("web-replicas", "frontend/src/server/main.ts"),
    ]);
    servers.content = [...servers.content, content];
    contentReplicas = servers.content.map((host) => `http://${host}`);
    servers.web = [web];
    const runtime = path.join(work, "nginx");
    mkdirSync(runtime);
    chmodSync(runtime, 0o777);
    nginx = startGatewayNginx("nginx-replicas", { port, servers, runtime, logDir });
    await waitFor("nginx", () => httpOk(`${base}/healthz`), 20_000);
  }, 120_000);

  afterAll(async () => {
    if (nginx) await stopProcess(nginx);
    await Promise.all(started.map((s) => stopProcess(s)));
    if (work) rmSync(work, { recursive: true, force: true });
  });

  freshReadChecks(
    () => base,
    async () => {
      const response = await call("POST", "/api/auth/login", {
        json: { email: process.env.ADMIN_EMAIL, password: process.env.ADMIN_PASSWORD },
        baseUrl: base,
      });
      if (response.status !== 200) throw new Error(`admin login failed: ${response.status} ${response.text}`);
      return (response.headers.get("set-cookie") ?? "").split(";")[0]!;
    },
    {
      // Each replica keeps the answer in its read cache, whichever the gateway sends the next reader to.
      warm: async (urlPath) => {
        if (!urlPath.startsWith("/api/")) return;
        for (const replica of contentReplicas) for (let i = 0; i < 2; i++) await rawGet(replica, urlPath);
      },
    },
  );
});

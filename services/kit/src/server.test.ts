import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { nodeArgs } from "../../../infra/build/entries.js";
import { freePort, waitFor, httpOk } from "../../../infra/local/processes.js";

const root = path.resolve(import.meta.dirname, "../../..");

describe("a service process", () => {
  it("refuses to start with invalid configuration, naming the setting", async () => {
    const child = spawn(process.execPath, nodeArgs("services/catalog/src/main.ts"), {
      cwd: root,
      env: { ...process.env, PORT: "not-a-port", DATABASE_URL: "nonsense" },
    });
    let output = "";
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    expect(code).not.toBe(0);
    expect(output).toContain("Invalid configuration");
    expect(output).toContain("PORT");
    expect(output).toContain("DATABASE_URL");
  }, 30_000);

  it("finishes an open request and exits cleanly on SIGTERM", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "rsv-shutdown-"));
    const port = await freePort();
    const child = spawn(process.execPath, nodeArgs("services/catalog/src/main.ts"), {
      cwd: root,
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" },
    });
    try {
      await waitFor("catalog", () => httpOk(`http://127.0.0.1:${port}/healthz`), 60_000);
      const inFlight = fetch(`http://127.0.0.1:${port}/api/products`);
      // Let the request reach the server before the signal does: the server is another process, with no sign to wait on.
      // eslint-disable-next-line no-restricted-syntax -- see above
      await new Promise((r) => setTimeout(r, 30));
      child.kill("SIGTERM");
      const [response, code] = await Promise.all([
        inFlight,
        new Promise<number | null>((resolve) => child.on("close", resolve)),
      ]);
      expect(response.status).toBe(200);
      expect(code).toBe(0);
    } finally {
      child.kill("SIGKILL");
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});

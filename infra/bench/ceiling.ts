import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, httpOk, startProcess, stopProcess, waitFor } from "../local/processes.js";

/**
 * The machine's ceiling for a response: a throwaway nginx serving the very bytes the site answered
 * as a static file, with nothing else to do (no access log, no proxying, no compression).
 */
export interface Ceiling {
  /** Stores a response's bytes; answers the URL nginx serves them at. */
  add(name: string, body: Buffer, kind: "json" | "html"): string;
  stop(): Promise<void>;
}

export async function startCeiling(logDir: string): Promise<Ceiling> {
  const work = mkdtempSync(path.join(os.tmpdir(), "rsv-bench-ceiling-"));
  chmodSync(work, 0o755);
  const files = path.join(work, "files");
  mkdirSync(files);
  chmodSync(files, 0o755);
  const port = await freePort();
  const conf = path.join(work, "nginx.conf");
  const isRoot = process.getuid?.() === 0;
  writeFileSync(
    conf,
    [
      `pid ${work}/nginx.pid;`,
      `error_log ${work}/error.log warn;`,
      "daemon off;",
      ...(isRoot ? ["user root;"] : []),
      "worker_processes auto;",
      "events { worker_connections 1024; }",
      "http {",
      `  client_body_temp_path ${work}/body; proxy_temp_path ${work}/proxy; fastcgi_temp_path ${work}/fastcgi;`,
      `  uwsgi_temp_path ${work}/uwsgi; scgi_temp_path ${work}/scgi;`,
      "  types { application/json json; text/html html; }",
      "  access_log off; sendfile on; tcp_nopush on; keepalive_timeout 65s; keepalive_requests 1000000;",
      `  server { listen 127.0.0.1:${port}; root ${files}; location = /healthz { return 200 'ok'; } }`,
      "}",
      "",
    ].join("\n"),
  );
  const nginx = startProcess("bench-ceiling-nginx", "nginx", ["-c", conf, "-p", work], { logDir });
  const base = `http://127.0.0.1:${port}`;
  await waitFor("ceiling nginx", () => httpOk(`${base}/healthz`), 20_000);
  return {
    add(name, body, kind) {
      const file = `${name.replace(/[^a-z0-9-]/gi, "_")}.${kind}`;
      writeFileSync(path.join(files, file), body);
      return `${base}/${file}`;
    },
    async stop() {
      await stopProcess(nginx);
      rmSync(work, { recursive: true, force: true });
    },
  };
}

import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Logger } from "./logger.js";

export type Cleanup = () => Promise<void> | void;

/** Longer than the gateway's upstream keep-alive (nginx's upstream keepalive_timeout, 60 s), so nginx closes first. */
const keepAliveMs = 65_000;
const shutdownDeadlineMs = 15_000;

export interface ServeOptions {
  port: number;
  host: string;
  logger: Logger;
  /** Run in order after the server stopped accepting and open requests finished. */
  cleanups?: Cleanup[];
  /** Logged once listening, with the port. */
  message?: string;
}

/**
 * Listens, and on SIGTERM or SIGINT stops accepting, lets open requests finish (bounded), runs
 * the cleanups, and exits. Every Node process of the site is started through this.
 */
export function serve(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
  options: ServeOptions,
): Promise<Server> {
  const server = createServer(handler);
  server.keepAliveTimeout = keepAliveMs;
  server.headersTimeout = keepAliveMs + 1_000;
  onShutdown(server, options.cleanups ?? [], options.logger);
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : options.port;
      options.logger.info({ port, host: options.host }, options.message ?? "listening");
      resolve(server);
    });
  });
}

function onShutdown(server: Server, cleanups: Cleanup[], logger: Logger): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`received ${signal}, shutting down`);
    setTimeout(() => process.exit(1), shutdownDeadlineMs).unref();
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    await closed;
    for (const cleanup of cleanups) {
      await Promise.resolve()
        .then(cleanup)
        .catch((error: unknown) => logger.error({ err: error }, "cleanup failed"));
    }
    process.exit(0);
  };
  process.once("SIGTERM", () => void stop("SIGTERM"));
  process.once("SIGINT", () => void stop("SIGINT"));
}

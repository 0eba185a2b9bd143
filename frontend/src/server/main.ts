import { createLogger } from "@rsv/kit";
import { createWebApp } from "./app.js";

const logger = createLogger("web");
const port = Number(process.env.PORT ?? 3000);
// API_INTERNAL_URL is this process's own name; INTERNAL_API_URL is the one every service reads.
const apiBaseUrl = process.env.API_INTERNAL_URL ?? process.env.INTERNAL_API_URL ?? "http://127.0.0.1:8080";
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  logger.fatal(`PORT must be a port number, got "${process.env.PORT}"`);
  process.exit(1);
}

const server = createWebApp({ apiBaseUrl }).listen(port, () => logger.info({ port, apiBaseUrl }, "web listening"));

function shutdown(signal: string) {
  logger.info(`${signal}: closing`);
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  setTimeout(() => process.exit(0), 10_000).unref();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));

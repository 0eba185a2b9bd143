import { createLogger, loadConfig, proxyList, serve } from "@rsv/kit/runtime";
import { createWebApp } from "./app.js";
import { webConfigSchema } from "./config.js";

const config = loadConfig(webConfigSchema);
const logger = createLogger("web", config.LOG_LEVEL);
const app = createWebApp({
  apiBaseUrl: config.INTERNAL_API_URL,
  publicOrigin: config.PUBLIC_ORIGIN,
  renderCacheMs: config.RENDER_CACHE_MS,
  trustedProxies: proxyList(config.TRUSTED_PROXIES),
  internalToken: config.INTERNAL_TOKEN,
  logger,
});
await serve(app.callback(), { port: config.PORT, host: config.HOST, logger, message: "web listening" });

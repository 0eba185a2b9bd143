import { pino, type Logger } from "pino";

export type { Logger };

export function createLogger(service: string, level = process.env.LOG_LEVEL ?? "info"): Logger {
  return pino({
    name: service,
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: ["req.headers.cookie", "password", "*.password"], censor: "[redacted]" },
  });
}

import { pino, type Logger } from "pino";

export type { Logger };

export function createLogger(process: string, level: string): Logger {
  return pino({
    name: process,
    level,
    base: { service: process },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: ["req.headers.cookie", "password", "*.password"], censor: "[redacted]" },
  });
}

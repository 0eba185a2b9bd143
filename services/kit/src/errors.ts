export type ErrorCode =
  | "validation_failed"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "gone"
  | "payload_too_large"
  | "unsupported_media_type"
  | "rate_limited"
  | "unavailable"
  | "internal";

export interface ErrorDetail {
  path: string;
  message: string;
  /** A stable code for this problem, so a client can say it in its own words (see the contract's Error). */
  reason?: string;
  /** Stable codes of advice that go with the reason. */
  hints?: string[];
}

/** An error meant for the client: it carries the status, a stable code and a safe message. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "HttpError";
  }

  toBody(): { error: { code: ErrorCode; message: string; details?: ErrorDetail[] } } {
    return {
      error: { code: this.code, message: this.message, ...(this.details ? { details: this.details } : {}) },
    };
  }
}

export const badRequest = (message: string, details?: ErrorDetail[]) =>
  new HttpError(400, "validation_failed", message, details);
export const unauthorized = (message = "Authentication required") => new HttpError(401, "unauthorized", message);
export const forbidden = (message: string) => new HttpError(403, "forbidden", message);
export const notFound = (message = "Not found") => new HttpError(404, "not_found", message);
export const conflict = (message: string) => new HttpError(409, "conflict", message);
export const gone = (message: string) => new HttpError(410, "gone", message);
export const payloadTooLarge = (message: string) => new HttpError(413, "payload_too_large", message);
export const unsupportedMediaType = (message: string) => new HttpError(415, "unsupported_media_type", message);
export const rateLimited = (retryAfterSeconds: number, message = "Too many attempts, try again later") =>
  new HttpError(429, "rate_limited", message, undefined, { "Retry-After": String(Math.max(1, retryAfterSeconds)) });
export const unavailable = (message = "Service unavailable") => new HttpError(503, "unavailable", message);

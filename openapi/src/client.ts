import createClient, { type Client, type Middleware } from "openapi-fetch";
import type { components, operations, paths } from "../generated/schema";

export type { components, operations, paths };

export type Schemas = components["schemas"];
export type Language = Schemas["Language"];
export type Product = Schemas["Product"];
export type ProductInput = Schemas["ProductInput"];
export type ProductTranslation = Schemas["ProductTranslation"];
export type Offer = Schemas["Offer"];
export type OfferInput = Schemas["OfferInput"];
export type Revision = Schemas["Revision"];
export type PreviewLinkInput = Schemas["PreviewLinkInput"];
export type PreviewLink = Schemas["PreviewLink"];
export type OfferStatus = Schemas["OfferStatus"];
export type OfferHealth = Schemas["OfferHealth"];
export type OfferCheck = Schemas["OfferCheck"];
export type OfferCheckRun = Schemas["OfferCheckRun"];
export type PublicOffer = Schemas["PublicOffer"];
export type AnalyticsReport = Schemas["AnalyticsReport"];
export type Campaign = Schemas["Campaign"];
export type LinkCheckSettings = Schemas["LinkCheckSettings"];
export type Retailer = Schemas["Retailer"];
export type ConversionMapping = Schemas["ConversionMapping"];
export type ConversionImportInput = Schemas["ConversionImportInput"];
export type ConversionImportResult = Schemas["ConversionImportResult"];
export type ConversionImport = Schemas["ConversionImport"];
export type ConversionPreviewRow = Schemas["ConversionPreviewRow"];
export type ConversionRowError = Schemas["ConversionRowError"];
export type ConversionImportRejected = Schemas["ConversionImportRejected"];
export type ProductFacets = Schemas["ProductFacets"];
export type FacetValue = Schemas["FacetValue"];
export type ProductSort = Schemas["ProductSort"];
export type PriceRange = Schemas["PriceRange"];
export type BlogPost = Schemas["BlogPost"];
export type BlogPostInput = Schemas["BlogPostInput"];
export type SiteSettings = Schemas["SiteSettings"];
export type SiteSettingsInput = Schemas["SiteSettingsInput"];
export type Page = Schemas["Page"];
export type PageInput = Schemas["PageInput"];
export type PublishedPage = Schemas["PublishedPage"];
export type Subscriber = Schemas["Subscriber"];
export type SubscribeInput = Schemas["SubscribeInput"];
export type SubscribeResult = Schemas["SubscribeResult"];
export type ImageInfo = Schemas["ImageInfo"];
export type TrackEvent = Schemas["TrackEvent"];
export type AnalyticsSummary = Schemas["AnalyticsSummary"];
export type AnalyticsTimeZone = Schemas["AnalyticsTimeZone"];
export type RecentActivity = Schemas["RecentActivity"];
export type ChatMessage = Schemas["ChatMessage"];
export type ChatRequest = Schemas["ChatRequest"];
export type ChatResponse = Schemas["ChatResponse"];
export type ChatProduct = Schemas["ChatProduct"];
export type ChatArticle = Schemas["ChatArticle"];
export type LoginInput = Schemas["LoginInput"];
export type SessionInfo = Schemas["SessionInfo"];
export type AdminRole = Schemas["AdminRole"];
export type AdminAccount = Schemas["AdminAccount"];
export type Invitation = Schemas["Invitation"];
export type CreatedInvitation = Schemas["CreatedInvitation"];
export type AuditEvent = Schemas["AuditEvent"];
export type AuditEventInput = Schemas["AuditEventInput"];
export type AuditEventPage = Schemas["AuditEventPage"];
export type AuditChange = Schemas["AuditChange"];
export type ErrorBody = Schemas["Error"];
export type ErrorCode = ErrorBody["error"]["code"];

export type ApiClient = Client<paths>;

/**
 * A non-OK response. The message follows the client's transport rule: `status: body text`,
 * or `status: status text` when the body is empty. `code` is `error.code` of a JSON error envelope.
 */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly status: number;
  readonly code?: string;
  readonly body: string;

  constructor(status: number, body: string, statusText = "") {
    super(`${status}: ${body || statusText}`);
    this.status = status;
    this.body = body;
    this.code = errorCodeOf(body);
  }

  /** Builds the error from a response whose body has not been read yet. */
  static async fromResponse(response: Response): Promise<ApiError> {
    return new ApiError(response.status, await response.text(), response.statusText);
  }
}

function errorCodeOf(body: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed === "object" && parsed !== null && "error" in parsed) {
      const { error } = parsed;
      if (typeof error === "object" && error !== null && "code" in error && typeof error.code === "string") {
        return error.code;
      }
    }
  } catch {
    // not JSON (for example an nginx error page): no code
  }
  return undefined;
}

// openapi-fetch consumes the body of a failed response and hands back the parsed JSON; keep the raw
// text so ApiError carries exactly what the server sent.
const rawErrorBodies = new WeakMap<Response, string>();

const keepRawErrorBody: Middleware = {
  async onResponse({ response }) {
    if (!response.ok) rawErrorBodies.set(response, await response.clone().text());
    return undefined;
  },
};

export interface ApiClientOptions {
  /** Origin of the gateway (or of one service, for service-to-service calls), e.g. http://localhost:8080. */
  baseUrl: string;
  fetch?: typeof fetch;
  headers?: Record<string, string>;
}

/**
 * The typed client for every operation of openapi.yaml. Requests always include credentials;
 * openapi-fetch adds `Content-Type: application/json` only when a JSON body is sent.
 */
export function createApiClient(opts: ApiClientOptions): ApiClient {
  const client = createClient<paths>({
    baseUrl: opts.baseUrl,
    credentials: "include",
    ...(opts.fetch ? { fetch: opts.fetch } : {}),
    ...(opts.headers ? { headers: opts.headers } : {}),
  });
  client.use(keepRawErrorBody);
  return client;
}

/**
 * Resolves to the response data of a client call, or throws ApiError for a non-OK response.
 *
 * @example const products = await unwrap(api.GET("/api/products", { params: { query: { lang: "es" } } }));
 */
export async function unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok) {
    const body = rawErrorBodies.get(response) ?? bodyText(error);
    throw new ApiError(response.status, body, response.statusText);
  }
  return data as T;
}

// Fallback for responses that did not pass through createApiClient's middleware.
function bodyText(error: unknown): string {
  if (error === undefined || error === null) return "";
  return typeof error === "string" ? error : JSON.stringify(error);
}

import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { fullFormats } from "ajv-formats/dist/formats.js";
import { loadSpec } from "@rsv/api/spec";
import { badRequest, type ErrorDetail } from "./errors.js";
import { isAdminRole, type AdminRole } from "./session.js";

export type Access = "public" | "optional" | "admin";

export interface OperationSpec {
  operationId: string;
  method: "get" | "post" | "put" | "patch" | "delete";
  path: string;
  /** The same path in @koa/router syntax: /api/products/:id */
  routerPath: string;
  access: Access;
  /**
   * The roles an admin operation lets in (`x-role`), checked before the request is validated. An admin
   * operation without one lets in owners only (the contract lint fails it); others have none.
   */
  roles?: readonly AdminRole[];
  jsonBody: boolean;
  validateParams: ValidateFunction;
  validateQuery: ValidateFunction;
  validateBody?: ValidateFunction;
  /** The operation's budget per caller address (`x-rate-limit`), if it has one. */
  rateLimit?: { points: number; seconds: number; whenSpent?: "refuse" | "serve"; bucket?: string };
  /**
   * Whether a 2xx answer to an admin goes into the activity log (see audit.ts): every admin write, and
   * an admin read the contract marks `x-audit: export` (it hands data out).
   */
  audited: boolean;
}

type JsonObject = Record<string, unknown>;

export interface ParameterObject {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  schema?: JsonObject;
}

const WALKED_METHODS = ["get", "put", "post", "delete", "patch", "options", "head", "trace"] as const;
const SERVED_METHODS = new Set<string>(["get", "post", "put", "patch", "delete"]);
const SPEC_ID = "openapi";

/** One operation of the contract as written, with `$ref`s to parameters and request bodies resolved. */
export interface ContractOperation {
  path: string;
  method: (typeof WALKED_METHODS)[number];
  operationId?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  /** The path item's parameters followed by the operation's own. */
  parameters: ParameterObject[];
  requestBody?: JsonObject;
  responses: Record<string, unknown>;
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Follows local `$ref`s (#/components/...) until a value that is not one. */
function deref<T>(value: unknown): T {
  const spec = loadSpec();
  let current = value;
  while (isObject(current) && typeof current.$ref === "string" && current.$ref.startsWith("#/")) {
    current = current.$ref
      .slice(2)
      .split("/")
      .reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), spec);
  }
  return current as T;
}

/** Component refs (#/components/...) are resolved inside the contract document registered under SPEC_ID. */
function rebase(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(rebase);
  if (!isObject(schema)) return schema;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) {
    out[key] =
      key === "$ref" && typeof value === "string" && value.startsWith("#/") ? `${SPEC_ID}${value}` : rebase(value);
  }
  return out;
}

let walked: ContractOperation[] | undefined;

/** The one walk over openapi.yaml: every operation of every path, in the order written. */
export function contractOperations(): ContractOperation[] {
  if (walked) return walked;
  const paths = loadSpec().paths;
  walked = Object.entries(isObject(paths) ? paths : {}).flatMap(([path, item]) => {
    if (!isObject(item)) return [];
    const shared = Array.isArray(item.parameters) ? item.parameters : [];
    return WALKED_METHODS.filter((method) => isObject(item[method])).map((method) => {
      const op = item[method] as JsonObject;
      const own = Array.isArray(op.parameters) ? op.parameters : [];
      return {
        ...(op as Omit<ContractOperation, "path" | "method" | "parameters" | "requestBody">),
        path,
        method,
        parameters: [...shared, ...own].map((parameter) => deref<ParameterObject>(parameter)),
        requestBody: deref<JsonObject | undefined>(op.requestBody),
        responses: isObject(op.responses) ? op.responses : {},
      };
    });
  });
  return walked;
}

function rateLimitOf(operation: unknown): OperationSpec["rateLimit"] {
  const limit = isObject(operation) ? operation["x-rate-limit"] : undefined;
  if (!isObject(limit)) return undefined;
  const { points, seconds, whenSpent, bucket } = limit;
  if (typeof points !== "number" || typeof seconds !== "number") {
    throw new Error("x-rate-limit needs numeric points and seconds");
  }
  if (whenSpent !== undefined && whenSpent !== "refuse" && whenSpent !== "serve") {
    throw new Error("x-rate-limit's whenSpent is refuse or serve");
  }
  if (bucket !== undefined && typeof bucket !== "string") throw new Error("x-rate-limit's bucket names an operation");
  return { points, seconds, ...(whenSpent ? { whenSpent } : {}), ...(bucket ? { bucket } : {}) };
}

/** The contract's `x-role`: a list of known roles, or absent. */
export function rolesOf(operation: unknown): AdminRole[] | undefined {
  const roles = isObject(operation) ? operation["x-role"] : undefined;
  if (roles === undefined) return undefined;
  if (!Array.isArray(roles) || roles.length === 0 || !roles.every(isAdminRole))
    throw new Error(`x-role is a list of the roles owner and editor, not ${JSON.stringify(roles)}`);
  return roles;
}

function auditedOf(operation: unknown, method: string, access: Access): boolean {
  const marking = isObject(operation) ? operation["x-audit"] : undefined;
  if (marking !== undefined && marking !== "export")
    throw new Error("x-audit is export (an admin read that hands data out)");
  return access === "admin" && (method !== "get" || marking === "export");
}

function accessOf(security: unknown): Access {
  if (!Array.isArray(security) || security.length === 0) return "public";
  const anonymousAllowed = security.some(
    (requirement) => isObject(requirement) && Object.keys(requirement).length === 0,
  );
  return anonymousAllowed ? "optional" : "admin";
}

/**
 * RFC 3339's dates and times, less the ones no calendar or clock shows, which every service would
 * otherwise fail on with a 500: an instant in year 0 at UTC (PostgreSQL has none) and a leap second
 * (23:59:60, which JavaScript's Date cannot hold).
 */
function existingTimes(format: "date" | "date-time") {
  const rfc3339 = fullFormats[format] as {
    validate: (text: string) => boolean;
    compare: (a: string, b: string) => number;
  };
  return {
    type: "string" as const,
    // The instant, not the text: 0001-01-01T00:30:00+01:00 is in year 0 at UTC.
    validate: (text: string) => {
      const at = Date.parse(text);
      return rfc3339.validate(text) && Number.isFinite(at) && new Date(at).getUTCFullYear() >= 1;
    },
    compare: rfc3339.compare,
  };
}

/**
 * The one Ajv set-up, with the contract's components registered so `$ref`s resolve. Requests:
 * path and query coerced from strings, bodies exact with defaults filled in, errors verbose for
 * the messages. Responses (checked in tests): exact, nothing filled in.
 */
function createAjv(kind: "params" | "body" | "response"): Ajv2020 {
  const ajv = new Ajv2020({
    strict: false,
    allErrors: true,
    verbose: kind !== "response",
    coerceTypes: kind === "params" ? "array" : false,
    useDefaults: kind !== "response",
  });
  addFormats.default(ajv);
  for (const format of ["date", "date-time"] as const) ajv.addFormat(format, existingTimes(format));
  ajv.addSchema({ $id: SPEC_ID, components: loadSpec().components ?? {} });
  return ajv;
}

const ajvs = new Map<Parameters<typeof createAjv>[0], Ajv2020>();
function ajvFor(kind: Parameters<typeof createAjv>[0]): Ajv2020 {
  let ajv = ajvs.get(kind);
  if (!ajv) ajvs.set(kind, (ajv = createAjv(kind)));
  return ajv;
}

let cache: Map<string, OperationSpec> | undefined;

/** Every operation of openapi/openapi.yaml the services serve, with compiled validators, by operationId. */
export function operations(): Map<string, OperationSpec> {
  if (cache) return cache;
  const result = new Map<string, OperationSpec>();
  for (const op of contractOperations()) {
    if (typeof op.operationId !== "string" || !SERVED_METHODS.has(op.method)) continue;
    const objectOf = (location: "path" | "query") => {
      const here = op.parameters.filter((p) => p.in === location);
      return rebase({
        type: "object",
        properties: Object.fromEntries(here.map((p) => [p.name, p.schema ?? {}])),
        required: here.filter((p) => p.required || location === "path").map((p) => p.name),
      });
    };
    const content = isObject(op.requestBody) && isObject(op.requestBody.content) ? op.requestBody.content : {};
    const json = content["application/json"];
    const jsonSchema = isObject(json) && isObject(json.schema) ? json.schema : undefined;
    result.set(op.operationId, {
      operationId: op.operationId,
      method: op.method as OperationSpec["method"],
      path: op.path,
      routerPath: op.path.replace(/\{(\w+)\}/g, ":$1"),
      access: accessOf(op.security),
      roles: accessOf(op.security) === "admin" ? (rolesOf(op) ?? ["owner"]) : undefined,
      jsonBody: jsonSchema !== undefined,
      rateLimit: rateLimitOf(op),
      audited: auditedOf(op, op.method, accessOf(op.security)),
      validateParams: ajvFor("params").compile(objectOf("path") as JsonObject),
      validateQuery: ajvFor("params").compile(objectOf("query") as JsonObject),
      validateBody: jsonSchema ? ajvFor("body").compile(rebase(jsonSchema) as JsonObject) : undefined,
    });
  }
  cache = result;
  return result;
}

const responseValidators = new Map<string, ValidateFunction | null>();

/**
 * The validator of an operation's response body for a status (exact, else its `4XX` range, else
 * `default`) and content type; null when that response has no body schema. Throws when the
 * contract does not document the status at all.
 */
export function responseValidator(operationId: string, status: number, contentType: string): ValidateFunction | null {
  const key = `${operationId}|${status}|${contentType}`;
  if (responseValidators.has(key)) return responseValidators.get(key)!;
  const op = contractOperations().find((candidate) => candidate.operationId === operationId);
  if (!op) throw new Error(`Operation ${operationId} is not in openapi.yaml`);
  const written = op.responses[String(status)] ?? op.responses[`${String(status)[0]}XX`] ?? op.responses.default;
  if (!written) throw new Error(`${operationId} does not document status ${status}`);
  const response = deref<{ content?: Record<string, { schema?: unknown }> } | undefined>(written);
  const media = response?.content?.[contentType] ?? response?.content?.[Object.keys(response?.content ?? {})[0] ?? ""];
  const validate = media?.schema ? ajvFor("response").compile(rebase(media.schema) as JsonObject) : null;
  responseValidators.set(key, validate);
  return validate;
}

export function operation(operationId: string): OperationSpec {
  const found = operations().get(operationId);
  if (!found) throw new Error(`Operation ${operationId} is not in openapi.yaml`);
  return found;
}

function fieldPath(location: string, error: ErrorObject): string {
  const segments = error.instancePath.split("/").filter(Boolean);
  if (error.keyword === "required") segments.push(String(error.params.missingProperty));
  return [location, ...segments].join(".");
}

/** The author's message (x-error-message) wins over Ajv's wording for a property that is missing, empty or blank. */
function messageOf(error: ErrorObject): string {
  if (error.keyword === "required") {
    const missing = String(error.params.missingProperty);
    const properties =
      isObject(error.parentSchema) && isObject(error.parentSchema.properties) ? error.parentSchema.properties : {};
    const property = properties[missing];
    if (isObject(property) && typeof property["x-error-message"] === "string") return property["x-error-message"];
    return `${missing} is required`;
  }
  const own = isObject(error.parentSchema) ? error.parentSchema["x-error-message"] : undefined;
  const blank = error.data === null || (typeof error.data === "string" && error.data.trim() === "");
  if (typeof own === "string" && blank) return own;
  const name = error.instancePath.split("/").filter(Boolean).pop() ?? "value";
  return `${name} ${error.message ?? "is invalid"}`;
}

function details(location: string, errors: ErrorObject[] | null | undefined): ErrorDetail[] {
  const seen = new Set<string>();
  const out: ErrorDetail[] = [];
  for (const error of errors ?? []) {
    // anyOf reports each failed branch and then itself; the branches say more than the summary.
    if (error.keyword === "anyOf" || error.keyword === "oneOf") continue;
    const detail = { path: fieldPath(location, error), message: messageOf(error) };
    const key = `${detail.path}|${detail.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push(detail);
    }
  }
  return out;
}

/** Validates (and coerces) a request's parts in place; throws a 400 listing what was wrong. */
export function validateRequest(
  op: OperationSpec,
  input: { params: JsonObject; query: JsonObject; body: unknown },
): void {
  const problems: ErrorDetail[] = [];
  if (!op.validateParams(input.params)) problems.push(...details("params", op.validateParams.errors));
  if (!op.validateQuery(input.query)) problems.push(...details("query", op.validateQuery.errors));
  if (op.validateBody && !op.validateBody(input.body)) problems.push(...details("body", op.validateBody.errors));
  if (problems.length > 0) {
    // "A.; B." read badly: each message's own full stop goes, and the joined one ends with one.
    const message = `${problems
      .slice(0, 3)
      .map((p) => p.message.replace(/\.$/, ""))
      .join("; ")}.`;
    throw badRequest(message, problems);
  }
}

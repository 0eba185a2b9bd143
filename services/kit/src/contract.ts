import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { loadSpec } from "@rsv/api/spec";
import { badRequest, type ErrorDetail } from "./errors.js";

export type Access = "public" | "optional" | "admin";

export interface OperationSpec {
  operationId: string;
  method: "get" | "post" | "put" | "patch" | "delete";
  path: string;
  /** The same path in @koa/router syntax: /api/products/:id */
  routerPath: string;
  access: Access;
  jsonBody: boolean;
  validateParams: ValidateFunction;
  validateQuery: ValidateFunction;
  validateBody?: ValidateFunction;
}

type JsonObject = Record<string, unknown>;
interface ParameterObject {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  schema?: JsonObject;
}

const METHODS = ["get", "post", "put", "patch", "delete"] as const;
const SPEC_ID = "openapi";

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Component refs (#/components/...) are resolved inside the spec registered under SPEC_ID. */
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

function accessOf(security: unknown): Access {
  if (!Array.isArray(security) || security.length === 0) return "public";
  const anonymousAllowed = security.some(
    (requirement) => isObject(requirement) && Object.keys(requirement).length === 0,
  );
  return anonymousAllowed ? "optional" : "admin";
}

function createAjv(coerce: boolean): Ajv2020 {
  const ajv = new Ajv2020({
    strict: false,
    allErrors: true,
    verbose: true,
    coerceTypes: coerce ? "array" : false,
    useDefaults: true,
  });
  addFormats.default(ajv);
  return ajv;
}

let cache: Map<string, OperationSpec> | undefined;

/** Every operation of openapi/openapi.yaml, with compiled validators, by operationId. */
export function operations(): Map<string, OperationSpec> {
  if (cache) return cache;
  const spec = loadSpec() as JsonObject;
  const specSchema = { $id: SPEC_ID, components: spec.components ?? {} };
  const lenient = createAjv(true);
  const exact = createAjv(false);
  lenient.addSchema(specSchema);
  exact.addSchema(specSchema);

  // Parameters and request bodies may be $refs into components; schemas are resolved by Ajv.
  const deref = <T>(value: unknown): T => {
    let current = value;
    while (isObject(current) && typeof current.$ref === "string" && current.$ref.startsWith("#/")) {
      current = current.$ref
        .slice(2)
        .split("/")
        .reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), spec);
    }
    return current as T;
  };

  const result = new Map<string, OperationSpec>();
  const paths = isObject(spec.paths) ? spec.paths : {};
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    const shared = Array.isArray(item.parameters) ? item.parameters.map((p) => deref<ParameterObject>(p)) : [];
    for (const method of METHODS) {
      const op = item[method];
      if (!isObject(op) || typeof op.operationId !== "string") continue;
      const own = Array.isArray(op.parameters) ? op.parameters.map((p) => deref<ParameterObject>(p)) : [];
      const parameters = [...shared, ...own];
      const objectOf = (location: "path" | "query") => {
        const here = parameters.filter((p) => p.in === location);
        return rebase({
          type: "object",
          properties: Object.fromEntries(here.map((p) => [p.name, p.schema ?? {}])),
          required: here.filter((p) => p.required || location === "path").map((p) => p.name),
        });
      };
      const requestBody = deref<JsonObject | undefined>(op.requestBody);
      const content = isObject(requestBody) && isObject(requestBody.content) ? requestBody.content : {};
      const json = content["application/json"];
      const jsonSchema = isObject(json) && isObject(json.schema) ? json.schema : undefined;
      result.set(op.operationId, {
        operationId: op.operationId,
        method,
        path,
        routerPath: path.replace(/\{(\w+)\}/g, ":$1"),
        access: accessOf(op.security),
        jsonBody: jsonSchema !== undefined,
        validateParams: lenient.compile(objectOf("path") as JsonObject),
        validateQuery: lenient.compile(objectOf("query") as JsonObject),
        validateBody: jsonSchema ? exact.compile(rebase(jsonSchema) as JsonObject) : undefined,
      });
    }
  }
  cache = result;
  return result;
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

/** The author's message (x-error-message) wins over Ajv's wording for a property that is missing or empty. */
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
  if (typeof own === "string" && (error.data === "" || error.data === null)) return own;
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
    const message = problems
      .slice(0, 3)
      .map((p) => p.message)
      .join("; ");
    throw badRequest(message, problems);
  }
}

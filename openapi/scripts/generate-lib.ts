import { fileURLToPath } from "node:url";
import openapiTS, { astToString } from "openapi-typescript";

export const specUrl = new URL("../openapi.yaml", import.meta.url);
export const schemaPath = fileURLToPath(new URL("../generated/schema.d.ts", import.meta.url));

const HEADER = "// generated — do not edit; run npm run openapi\n// source: openapi/openapi.yaml\n\n";

/** The exact text `generated/schema.d.ts` must contain for the current openapi.yaml. */
export async function generateSchemaSource(): Promise<string> {
  const ast = await openapiTS(specUrl, {
    silent: true,
    cwd: new URL(".", specUrl),
    // A `default` must not turn an optional request field (reviewCount, published, lang...) into a required one.
    defaultNonNullable: false,
  });
  return HEADER + astToString(ast);
}

// Writes generated/schema.d.ts from openapi.yaml; with --check, exits 1 when the file on disk is stale.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, relative } from "node:path";
import { generateSchemaSource, schemaPath } from "./generate-lib";

const check = process.argv.includes("--check");
const expected = await generateSchemaSource();
const shown = relative(process.cwd(), schemaPath);

if (check) {
  const current = await readFile(schemaPath, "utf8").catch(() => null);
  if (current !== expected) {
    console.error(
      current === null
        ? `${shown} is missing; run npm run openapi`
        : `${shown} is out of date with openapi.yaml; run npm run openapi and commit the result`,
    );
    process.exit(1);
  }
  console.log(`${shown} is up to date`);
} else {
  await mkdir(dirname(schemaPath), { recursive: true });
  await writeFile(schemaPath, expected);
  console.log(`wrote ${shown}`);
}

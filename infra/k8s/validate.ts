import { fileURLToPath } from "node:url";
import ts from "typescript";
import type { K8sObject } from "./kustomize.js";

/**
 * Checks rendered objects against the Kubernetes API's own schemas, as packaged by kubernetes-models
 * (generated from the OpenAPI document the API server publishes), in two passes:
 *
 * - its validators (JSON Schema, Ajv): required fields, types, enums, formats such as quantities;
 * - its TypeScript interfaces, by type-checking each object as an object literal: an unknown or
 *   misspelt field anywhere is an error, as `kubectl apply`'s strict field validation makes it.
 *   (The JSON schemas leave objects open, so the validators alone would accept a typo.)
 *
 * Objects come in named groups (a rendered overlay, or one deliberately broken object) and are
 * checked in one TypeScript program, which is the slow part. Returns each group's problems, one line
 * each, prefixed with the object's kind and name; an empty list when the group is valid.
 */
export async function validateObjects(groups: Record<string, K8sObject[]>): Promise<Record<string, string[]>> {
  const problems: Record<string, string[]> = Object.fromEntries(Object.keys(groups).map((g) => [g, []]));
  const all = Object.entries(groups).flatMap(([group, objects]) => objects.map((object) => ({ group, object })));
  for (const { group, object } of all) {
    const model = await modelOf(object);
    if (!model) {
      problems[group]!.push(`${labelOf(object)}: no ${object.kind} in API group/version ${object.apiVersion}`);
      continue;
    }
    try {
      new model(asSent(object)).validate();
    } catch (error) {
      problems[group]!.push(`${labelOf(object)}: ${(error as Error).message}`);
    }
  }
  for (const { index, message } of typeCheck(all.map((entry) => entry.object))) {
    problems[all[index]!.group]!.push(message);
  }
  return problems;
}

const labelOf = (object: K8sObject) => `${object.kind}/${object.metadata?.name}`;

/**
 * A Secret's values as the API server reads them: kustomize wraps long base64 values in lines, which
 * the server's decoder skips and the "byte" format of the schema does not.
 */
function asSent(object: K8sObject): K8sObject {
  if (object.kind !== "Secret" || !object.data) return object;
  const data = Object.fromEntries(
    Object.entries(object.data as Record<string, string>).map(([key, value]) => [key, value.replace(/\n/g, "")]),
  );
  return { ...object, data };
}

type Model = new (data: unknown) => { validate(): void };

async function modelOf(object: K8sObject): Promise<Model | undefined> {
  if (!/^([a-z0-9.-]+\/)?v\d+((alpha|beta)\d+)?$/.test(object.apiVersion ?? "") || !/^[A-Z]\w*$/.test(object.kind)) {
    return undefined;
  }
  try {
    const module = (await import(/* @vite-ignore */ `kubernetes-models/${object.apiVersion}/${object.kind}`)) as Record<
      string,
      Model
    >;
    return module[object.kind];
  } catch {
    return undefined;
  }
}

// A file next to this one, so imports of kubernetes-models resolve from the repository's node_modules.
const VIRTUAL = fileURLToPath(new URL("./__rendered-objects__.ts", import.meta.url));

function typeCheck(objects: K8sObject[]): { index: number; message: string }[] {
  const imports = new Map<string, string>();
  const typeOf = (object: K8sObject) => `I${object.kind}_${object.apiVersion.replace(/[^A-Za-z0-9]/g, "_")}`;
  const declarations = objects.map((object, index) => {
    imports.set(
      typeOf(object),
      `import type { I${object.kind} as ${typeOf(object)} } from "kubernetes-models/${object.apiVersion}/${object.kind}";`,
    );
    return `export const object${index}: ${typeOf(object)} = ${JSON.stringify(object, null, 2)};`;
  });
  const source = [...imports.values(), ...declarations].join("\n");

  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (name, version, ...rest) =>
    name === VIRTUAL ? ts.createSourceFile(name, source, version) : getSourceFile.call(host, name, version, ...rest);
  host.fileExists = (name) => name === VIRTUAL || fileExists.call(host, name);
  host.readFile = (name) => (name === VIRTUAL ? source : readFile.call(host, name));

  const program = ts.createProgram([VIRTUAL], options, host);
  return ts.getPreEmitDiagnostics(program).flatMap((diagnostic) => {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, " ");
    if (diagnostic.file?.fileName !== VIRTUAL || diagnostic.start === undefined) {
      throw new Error(`The schema check itself failed: ${message}`);
    }
    const line = source.slice(source.lastIndexOf("\n", diagnostic.start) + 1, source.indexOf("\n", diagnostic.start));
    // An import that does not resolve is an unknown kind or version: every object of that type has it.
    const at = source.lastIndexOf("export const object", diagnostic.start);
    const declared = at < 0 ? undefined : /^export const object(\d+)/.exec(source.slice(at))?.[1];
    const indices =
      declared === undefined
        ? objects.flatMap((object, index) => (line.includes(` as ${typeOf(object)} `) ? [index] : []))
        : [Number(declared)];
    return indices.map((index) => ({
      index,
      message: `${labelOf(objects[index]!)}: ${message} (at ${line.trim()})`,
    }));
  });
}

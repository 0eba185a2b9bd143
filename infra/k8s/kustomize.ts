import { createHash } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { parse, parseAllDocuments } from "yaml";

/**
 * Renders a kustomization the way `kubectl kustomize` does, for the subset of kustomize these
 * manifests use, so the tests run where only Node.js is installed (there is no kustomize on npm,
 * and Debian's kubectl is years old). Anything outside the subset is refused rather than skipped,
 * so a manifest never silently renders differently here than in a cluster. On a machine with
 * kubectl, `kubectl kustomize` gives the same objects (docs/operations.md says how to compare).
 *
 * Supported: resources (files and directories), namespace, configMapGenerator and secretGenerator
 * (literals, envs, files; behavior create, merge, replace; kustomize's content-hash name suffix and
 * the references to it in pod templates), images, replicas, and JSON 6902 patches with a target.
 */

export type K8sObject = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; [key: string]: unknown };
  [key: string]: unknown;
};

interface Generator {
  name: string;
  behavior?: "create" | "merge" | "replace";
  literals?: string[];
  envs?: string[];
  files?: string[];
}

interface Kustomization {
  apiVersion?: string;
  kind?: string;
  namespace?: string;
  resources?: string[];
  configMapGenerator?: Generator[];
  secretGenerator?: Generator[];
  images?: { name: string; newName?: string; newTag?: string; digest?: string }[];
  replicas?: { name: string; count: number }[];
  patches?: { target: { kind: string; name: string }; patch?: string; path?: string }[];
}

const SUPPORTED = new Set([
  "apiVersion",
  "kind",
  "namespace",
  "resources",
  "configMapGenerator",
  "secretGenerator",
  "images",
  "replicas",
  "patches",
]);

/** Kinds that live outside namespaces, among those a site like this one would declare. */
const CLUSTER_SCOPED = new Set(["Namespace", "ClusterRole", "ClusterRoleBinding", "PersistentVolume", "StorageClass"]);

/** A built kustomization: its objects, and which of them are generated (named by content hash at the end). */
interface Built {
  objects: K8sObject[];
  generated: Set<K8sObject>;
}

/** The rendered objects of the kustomization in `dir`. */
export function kustomize(dir: string): K8sObject[] {
  const built = build(path.resolve(dir));
  return hashGeneratedNames(built);
}

function build(dir: string): Built {
  const file = ["kustomization.yaml", "kustomization.yml", "Kustomization"]
    .map((name) => path.join(dir, name))
    .find((candidate) => existsSync(candidate));
  if (!file) throw new Error(`${dir}: no kustomization.yaml`);
  const k = parse(readFileSync(file, "utf8")) as Kustomization;
  for (const key of Object.keys(k)) {
    if (!SUPPORTED.has(key)) throw new Error(`${file}: "${key}" is not supported by this renderer`);
  }

  const objects: K8sObject[] = [];
  const generated = new Set<K8sObject>();
  for (const entry of k.resources ?? []) {
    const target = path.resolve(dir, entry);
    if (statSync(target).isDirectory()) {
      const child = build(target);
      objects.push(...child.objects);
      for (const o of child.generated) generated.add(o);
    } else {
      for (const doc of parseAllDocuments(readFileSync(target, "utf8"))) {
        if (doc.errors.length) throw new Error(`${target}: ${doc.errors[0]!.message}`);
        const object = doc.toJS() as K8sObject | null;
        if (object) objects.push(object);
      }
    }
  }

  for (const [kind, generators] of [
    ["ConfigMap", k.configMapGenerator],
    ["Secret", k.secretGenerator],
  ] as const) {
    for (const generator of generators ?? []) applyGenerator(dir, kind, generator, objects, generated);
  }

  for (const patch of k.patches ?? []) {
    const ops = parse(patch.patch ?? readFileSync(path.resolve(dir, patch.path!), "utf8")) as unknown;
    if (!Array.isArray(ops)) throw new Error(`${file}: only JSON 6902 patches (a list of operations) are supported`);
    const targets = objects.filter((o) => o.kind === patch.target.kind && o.metadata.name === patch.target.name);
    if (!targets.length) throw new Error(`${file}: patch target ${patch.target.kind}/${patch.target.name} not found`);
    for (const target of targets) for (const op of ops) applyOperation(target, op as Operation);
  }

  for (const { name, count } of k.replicas ?? []) {
    const targets = objects.filter(
      (o) => ["Deployment", "StatefulSet", "ReplicaSet"].includes(o.kind) && o.metadata.name === name,
    );
    if (!targets.length) throw new Error(`${file}: replicas for unknown workload ${name}`);
    for (const target of targets) (target.spec as Record<string, unknown>).replicas = count;
  }

  for (const image of k.images ?? []) {
    for (const container of objects.flatMap(containersOf)) {
      const { name, tag, digest } = splitImage(container.image);
      if (name !== image.name) continue;
      const newName = image.newName ?? name;
      if (image.digest) container.image = `${newName}@${image.digest}`;
      else if (image.newTag) container.image = `${newName}:${image.newTag}`;
      else container.image = digest ? `${newName}@${digest}` : tag ? `${newName}:${tag}` : newName;
    }
  }

  if (k.namespace) {
    for (const object of objects) if (!CLUSTER_SCOPED.has(object.kind)) object.metadata.namespace = k.namespace;
  }
  return { objects, generated };
}

function applyGenerator(
  dir: string,
  kind: "ConfigMap" | "Secret",
  generator: Generator,
  objects: K8sObject[],
  generated: Set<K8sObject>,
) {
  const data: Record<string, string> = {};
  for (const literal of generator.literals ?? []) {
    const at = literal.indexOf("=");
    data[literal.slice(0, at)] = literal.slice(at + 1);
  }
  for (const envFile of generator.envs ?? []) {
    for (const line of readFileSync(path.resolve(dir, envFile), "utf8").split("\n")) {
      const trimmed = line.trim();
      if (!trimmed || trimmed.startsWith("#")) continue;
      const at = trimmed.indexOf("=");
      data[trimmed.slice(0, at)] = trimmed.slice(at + 1);
    }
  }
  for (const entry of generator.files ?? []) {
    const [key, source] = entry.includes("=") ? entry.split("=", 2) : [path.basename(entry), entry];
    data[key!] = readFileSync(path.resolve(dir, source!), "utf8");
  }
  const encoded = kind === "Secret" ? mapValues(data, base64Lines) : data;

  const existing = objects.find((o) => o.kind === kind && o.metadata.name === generator.name);
  const behavior = generator.behavior ?? "create";
  if (behavior === "create") {
    if (existing) throw new Error(`${kind} ${generator.name} is generated twice`);
    const object: K8sObject = {
      apiVersion: "v1",
      kind,
      metadata: { name: generator.name },
      ...(kind === "Secret" ? { type: "Opaque" } : {}),
      data: encoded,
    };
    objects.push(object);
    generated.add(object);
    return;
  }
  if (!existing || !generated.has(existing)) throw new Error(`${kind} ${generator.name}: nothing to ${behavior}`);
  existing.data = behavior === "merge" ? { ...(existing.data as Record<string, string>), ...encoded } : encoded;
}

// ── kustomize's name suffix: a hash of the generated object's content, and every reference to it ──

/**
 * kustomize's hash (api/hasher): SHA-256 of the Go JSON encoding of kind, name, data (and type for a
 * Secret), the first ten hex digits with 0, 1, 3, a, e swapped for letters so it never reads as a
 * number. The name it encodes is always empty: it looks the name up as one field called
 * "metadata/name", which no object has. Reproduced as is, so names match kubectl's.
 */
export function contentHash(object: K8sObject): string {
  const fields: Record<string, unknown> = { kind: object.kind, name: "", data: object.data ?? {} };
  if (object.kind === "Secret") fields.type = object.type;
  const hex = createHash("sha256").update(goJson(fields)).digest("hex");
  const letters: Record<string, string> = { "0": "g", "1": "h", "3": "k", a: "m", e: "t" };
  return [...hex.slice(0, 10)].map((c) => letters[c] ?? c).join("");
}

/** Go's encoding/json: keys sorted, and <, >, & and the two line separators escaped. */
function goJson(value: unknown): string {
  const sorted = (v: unknown): unknown =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((key) => [key, sorted((v as Record<string, unknown>)[key])]),
        )
      : v;
  return JSON.stringify(sorted(value)).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

function hashGeneratedNames({ objects, generated }: Built): K8sObject[] {
  const renamed = new Map<string, string>();
  for (const object of generated) {
    const name = `${object.metadata.name}-${contentHash(object)}`;
    renamed.set(`${object.kind}/${object.metadata.name}`, name);
    object.metadata.name = name;
  }
  const rename = (kind: string, holder: Record<string, unknown> | undefined, field: string) => {
    const current = holder?.[field];
    if (typeof current === "string" && renamed.has(`${kind}/${current}`))
      holder![field] = renamed.get(`${kind}/${current}`);
  };
  for (const spec of objects.map(podSpecOf)) {
    if (!spec) continue;
    for (const volume of (spec.volumes ?? []) as Record<string, Record<string, unknown>>[]) {
      rename("ConfigMap", volume.configMap, "name");
      rename("Secret", volume.secret, "secretName");
    }
    for (const container of [...(spec.containers ?? []), ...(spec.initContainers ?? [])] as Container[]) {
      for (const from of container.envFrom ?? []) {
        rename("ConfigMap", from.configMapRef, "name");
        rename("Secret", from.secretRef, "name");
      }
      for (const variable of container.env ?? []) {
        rename("ConfigMap", variable.valueFrom?.configMapKeyRef, "name");
        rename("Secret", variable.valueFrom?.secretKeyRef, "name");
      }
    }
  }
  return objects;
}

// ── pod templates, containers, images ──

interface Container {
  name: string;
  image: string;
  envFrom?: Record<string, Record<string, unknown>>[];
  env?: { name: string; valueFrom?: Record<string, Record<string, unknown>> }[];
  [key: string]: unknown;
}

type PodSpec = { containers?: Container[]; initContainers?: Container[]; volumes?: unknown[]; [key: string]: unknown };

/** The pod spec a workload creates pods from, if it is one. */
export function podSpecOf(object: K8sObject): PodSpec | undefined {
  const spec = object.spec as Record<string, any> | undefined; // eslint-disable-line @typescript-eslint/no-explicit-any
  if (object.kind === "CronJob") return spec?.jobTemplate?.spec?.template?.spec;
  if (["Deployment", "StatefulSet", "DaemonSet", "ReplicaSet", "Job"].includes(object.kind))
    return spec?.template?.spec;
  return undefined;
}

export const containersOf = (object: K8sObject): Container[] => {
  const spec = podSpecOf(object);
  return spec ? [...(spec.containers ?? []), ...(spec.initContainers ?? [])] : [];
};

function splitImage(image: string): { name: string; tag?: string; digest?: string } {
  const [withTag, digest] = image.split("@", 2) as [string, string?];
  const colon = withTag.lastIndexOf(":");
  if (colon > withTag.lastIndexOf("/")) return { name: withTag.slice(0, colon), tag: withTag.slice(colon + 1), digest };
  return { name: withTag, digest };
}

// ── JSON 6902 ──

type Operation = { op: "add" | "replace" | "remove"; path: string; value?: unknown };

function applyOperation(target: K8sObject, operation: Operation) {
  const keys = operation.path
    .split("/")
    .slice(1)
    .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"));
  const last = keys.pop()!;
  let parent: any = target; // eslint-disable-line @typescript-eslint/no-explicit-any
  for (const key of keys) {
    parent = Array.isArray(parent) ? parent[Number(key)] : parent?.[key];
    if (parent === undefined) throw new Error(`patch path ${operation.path} does not exist`);
  }
  if (!["add", "replace", "remove"].includes(operation.op))
    throw new Error(`patch op ${operation.op} is not supported`);
  if (operation.op !== "add" && !(last in parent)) throw new Error(`patch path ${operation.path} does not exist`);
  if (Array.isArray(parent)) {
    const index = last === "-" ? parent.length : Number(last);
    if (operation.op === "remove") parent.splice(index, 1);
    else parent.splice(index, operation.op === "replace" ? 1 : 0, operation.value);
  } else if (operation.op === "remove") delete parent[last];
  else parent[last] = operation.value;
}

/** Base64 as kustomize writes a Secret's values: from 70 characters on, in lines of 70, each ending in a newline. */
function base64Lines(value: string): string {
  const encoded = Buffer.from(value).toString("base64");
  if (encoded.length < 70) return encoded;
  return encoded.replace(/.{1,70}/g, (line) => `${line}\n`);
}

function mapValues(record: Record<string, string>, f: (value: string) => string): Record<string, string> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, f(value)]));
}

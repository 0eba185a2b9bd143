import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { isDeepStrictEqual } from "node:util";
import { parseAllDocuments } from "yaml";
import { kustomize, type K8sObject } from "./kustomize.js";

/**
 * Where kubectl is installed: renders base and every overlay with `kubectl kustomize` and with the
 * tests' renderer (kustomize.ts), and fails on any difference. Run it after using a kustomize feature
 * for the first time: node --import tsx infra/k8s/compare-with-kubectl.ts
 */
const key = (o: K8sObject) => `${o.kind}/${o.metadata.namespace ?? ""}/${o.metadata.name}`;
let differences = 0;
for (const path of ["base", "overlays/production"]) {
  const dir = fileURLToPath(new URL(path, import.meta.url));
  const theirs = new Map(
    parseAllDocuments(execFileSync("kubectl", ["kustomize", dir], { encoding: "utf8" }))
      .map((doc) => doc.toJS() as K8sObject)
      .map((o) => [key(o), o]),
  );
  const ours = new Map(kustomize(dir).map((o) => [key(o), o]));
  for (const name of new Set([...theirs.keys(), ...ours.keys()])) {
    if (isDeepStrictEqual(theirs.get(name), ours.get(name))) continue;
    differences++;
    console.log(`${path}: ${name} differs`);
    console.log(`  kubectl: ${JSON.stringify(theirs.get(name))}`);
    console.log(`  ours:    ${JSON.stringify(ours.get(name))}`);
  }
  console.log(`${path}: ${theirs.size} objects from kubectl, ${ours.size} from kustomize.ts`);
}
process.exit(differences ? 1 : 0);

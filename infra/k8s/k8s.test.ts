import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { upstreams } from "../../gateway/src/route-table.js";
import { containersOf, kustomize, podSpecOf, type K8sObject } from "./kustomize.js";
import { validateObjects } from "./validate.js";

// The manifests as a cluster would receive them (rendered like `kubectl kustomize`), checked against
// the Kubernetes API schemas, then against what the site needs: the same processes, commands and
// settings as docker-compose.yml, probes, budgets, and no secret in the repository.

const dir = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const base = kustomize(dir("base"));
const production = kustomize(dir("overlays/production"));

type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const find = (objects: K8sObject[], kind: string, name: string) =>
  objects.find((o) => o.kind === kind && o.metadata.name === name) as (K8sObject & Any) | undefined;
const all = (objects: K8sObject[], kind: string) => objects.filter((o) => o.kind === kind) as (K8sObject & Any)[];
const generated = (objects: K8sObject[], kind: string, name: string) =>
  objects.find((o) => o.kind === kind && new RegExp(`^${name}-[a-z0-9]{10}$`).test(o.metadata.name)) as
    (K8sObject & Any) | undefined;
const secretValues = (objects: K8sObject[]) =>
  Object.fromEntries(
    Object.entries(generated(objects, "Secret", "rsv-secrets")!.data as Record<string, string>).map(([k, v]) => [
      k,
      Buffer.from(v, "base64").toString(),
    ]),
  );
const settings = (objects: K8sObject[]) =>
  generated(objects, "ConfigMap", "rsv-settings")!.data as Record<string, string>;

interface ComposeService {
  image?: string;
  command?: string[];
  environment?: Record<string, string>;
}
const compose = parse(readFileSync(dir("../../docker-compose.yml"), "utf8"), { merge: true }) as {
  services: Record<string, ComposeService>;
};

const nodeWorkloads = [...upstreams.filter((u) => u !== "web"), "web", "analytics-worker"];
const autoscaled = ["analytics", "analytics-worker", "chat"];

describe("Kubernetes manifests: the API's schemas", () => {
  // One deliberately broken copy per kind of mistake: each must be reported, or the check proves nothing.
  const deployment = () => structuredClone(find(base, "Deployment", "catalog")!);
  const broken: Record<string, K8sObject> = {
    "a misspelt container field": (() => {
      const d = deployment();
      d.spec.template.spec.containers[0].imagePullPolicyy = "Always";
      return d;
    })(),
    "a misspelt field deep in a probe": (() => {
      const d = deployment();
      d.spec.template.spec.containers[0].readinessProbe.httpGet.pth = "/readyz";
      return d;
    })(),
    "a field of the wrong type": (() => {
      const d = deployment();
      d.spec.replicas = "two";
      return d;
    })(),
    "a malformed quantity": (() => {
      const d = deployment();
      d.spec.template.spec.containers[0].resources.requests.cpu = "lots";
      return d;
    })(),
    "a missing required field": (() => {
      const d = deployment();
      delete d.spec.selector;
      return d;
    })(),
    "an API version that does not exist": {
      ...structuredClone(find(base, "HorizontalPodAutoscaler", "chat")!),
      apiVersion: "autoscaling/v3",
    },
  };
  let problems: Record<string, string[]>;

  beforeAll(async () => {
    problems = await validateObjects({
      base,
      production,
      ...Object.fromEntries(Object.entries(broken).map(([k, v]) => [k, [v]])),
    });
  }, 180_000);

  it("renders the base and the production overlay to valid objects", () => {
    expect(base.length).toBeGreaterThan(30);
    expect(problems.base).toEqual([]);
    expect(problems.production).toEqual([]);
  });

  it.each(Object.keys(broken))("refuses %s", (mistake) => {
    expect(problems[mistake]!.length, mistake).toBeGreaterThan(0);
  });

  it("names the field at fault", () => {
    expect(problems["a misspelt container field"]!.join()).toContain("imagePullPolicyy");
    expect(problems["a misspelt field deep in a probe"]!.join()).toContain("pth");
    expect(problems["a field of the wrong type"]!.join()).toContain("replicas");
    expect(problems["a malformed quantity"]!.join()).toContain("cpu");
    expect(problems["a missing required field"]!.join()).toContain("selector");
  });
});

describe("Kubernetes manifests: the site", () => {
  it("has a Deployment and a Service for every upstream of the gateway, and the gateway's own", () => {
    for (const name of [...upstreams, "gateway"]) {
      expect(find(base, "Deployment", name), name).toBeDefined();
      const service = find(base, "Service", name)!;
      expect(service, name).toBeDefined();
      // The gateway's nginx.conf names each upstream as <service>:3000, and services reach gateway:8080.
      expect(service.spec.ports, name).toEqual([
        { name: "http", port: name === "gateway" ? 8080 : 3000, targetPort: "http" },
      ]);
      const container = find(base, "Deployment", name)!.spec.template.spec.containers[0];
      expect(container.ports[0], name).toEqual({ name: "http", containerPort: name === "gateway" ? 8080 : 3000 });
    }
    expect(find(base, "Deployment", "analytics-worker")).toBeDefined();
    expect(find(base, "Service", "analytics-worker")).toBeUndefined();
  });

  it("selects each workload's own pods, and only those", () => {
    const deployments = all(base, "Deployment");
    const selected = (selector: Record<string, string>) =>
      deployments.filter((d) => Object.entries(selector).every(([k, v]) => d.spec.template.metadata.labels[k] === v));
    for (const d of deployments) expect(selected(d.spec.selector.matchLabels), d.metadata.name).toEqual([d]);
    for (const s of all(base, "Service"))
      expect(selected(s.spec.selector).map((d) => d.metadata.name)).toEqual([s.metadata.name]);
    for (const p of all(base, "PodDisruptionBudget")) {
      expect(selected(p.spec.selector.matchLabels).map((d) => d.metadata.name)).toEqual([p.metadata.name]);
      // Never minAvailable, which blocks every node drain of a single-replica workload.
      expect(p.spec).toMatchObject({ maxUnavailable: 1 });
    }
    expect(
      all(base, "PodDisruptionBudget")
        .map((p) => p.metadata.name)
        .sort(),
    ).toEqual(deployments.map((d) => d.metadata.name).sort());
  });

  it("runs every process with the image and command compose uses", () => {
    for (const name of [...nodeWorkloads, "migrate"]) {
      const workload = find(base, "Deployment", name) ?? find(base, "Job", name)!;
      const [container] = containersOf(workload);
      expect(container!.image, name).toBe(compose.services[name]!.image);
      expect(container!.command, name).toEqual(compose.services[name]!.command);
    }
    const gateway = find(base, "Deployment", "gateway")!.spec.template.spec;
    expect(gateway.containers[0].image).toBe(compose.services.gateway!.image);
    // nginx reads the ConfigMap's copy of gateway/nginx.conf.
    expect(gateway.containers[0].command).toEqual(["nginx", "-c", "/etc/nginx/gateway/nginx.conf"]);
    const configVolume = gateway.volumes.find((v: Any) => v.configMap);
    expect(configVolume.configMap.name).toBe(generated(base, "ConfigMap", "gateway-config")!.metadata.name);
    expect(gateway.containers[0].volumeMounts).toContainEqual({
      name: configVolume.name,
      mountPath: "/etc/nginx/gateway",
      readOnly: true,
    });
  });

  it("gives the gateway the same nginx.conf as the image compose runs", () => {
    const copy = generated(base, "ConfigMap", "gateway-config")!.data["nginx.conf"];
    // On failure: node --import tsx gateway/src/write-config.ts (it writes both)
    expect(copy).toBe(readFileSync(dir("../../gateway/nginx.conf"), "utf8"));
  });

  it("gives each process the settings compose gives it, secrets from the Secret only", () => {
    // Deliberately not passed: web reads no database or Redis; the worker hashes no visitors;
    // the assistant's model settings go into rsv-settings only when a model is used.
    const notPassed: Record<string, string[]> = {
      web: ["DATABASE_URL", "REDIS_URL"],
      "analytics-worker": ["ANALYTICS_SALT_SECRET", "INTERNAL_TOKEN"],
      chat: ["CHAT_LLM_MODEL", "CHAT_LLM_URL"],
    };
    const secretKeys = Object.keys(secretValues(base));
    for (const name of nodeWorkloads) {
      const container = containersOf(find(base, "Deployment", name)!)[0] as Any;
      expect(container.envFrom, name).toEqual([
        { configMapRef: { name: generated(base, "ConfigMap", "rsv-settings")!.metadata.name } },
      ]);
      const fromSecret = (container.env ?? []).map((e: Any) => e.valueFrom.secretKeyRef);
      for (const ref of fromSecret) expect(ref.name).toBe(generated(base, "Secret", "rsv-secrets")!.metadata.name);
      // A key the Secret lacks stops the pod at creation, unless it is marked optional.
      const required = fromSecret.filter((ref: Any) => !ref.optional).map((ref: Any) => ref.key);
      expect(
        required.filter((key: string) => !secretKeys.includes(key)),
        name,
      ).toEqual([]);
      const given = new Set([...Object.keys(settings(base)), ...fromSecret.map((r: Any) => r.key)]);
      const missing = Object.keys(compose.services[name]!.environment!).filter((key) => !given.has(key));
      expect(missing.sort(), name).toEqual(notPassed[name] ?? []);
    }
    expect(settings(base)).toMatchObject({ NODE_ENV: "production", MIGRATE_ON_START: "false", RATE_LIMIT_SCALE: "1" });
    expect(settings(base).INTERNAL_API_URL).toBe("http://gateway:8080");
  });

  it("holds only placeholders the services refuse in production, never a real secret", () => {
    for (const objects of [base, production]) {
      for (const [key, value] of Object.entries(secretValues(objects))) expect(value, key).toContain("change-me");
    }
    for (const [key, value] of Object.entries(settings(base))) expect(value, key).not.toContain("change-me");
    // Production's public address must be set before the web process starts.
    expect(settings(production).PUBLIC_ORIGIN).toContain("change-me");
  });

  it("probes liveness on /healthz and readiness on /readyz, with requests and limits", () => {
    for (const name of [...nodeWorkloads, "gateway"]) {
      const container = containersOf(find(base, "Deployment", name)!)[0] as Any;
      expect(container.livenessProbe.httpGet.path, name).toBe("/healthz");
      // The gateway keeps /readyz from the outside and answers /healthz itself.
      expect(container.readinessProbe.httpGet.path, name).toBe(name === "gateway" ? "/healthz" : "/readyz");
      for (const bound of ["requests", "limits"]) {
        expect(Object.keys(container.resources[bound]).sort(), `${name} ${bound}`).toEqual(["cpu", "memory"]);
      }
    }
  });

  it("runs nothing as root, on read-only file systems, with writable scratch space where needed", () => {
    for (const workload of [...all(base, "Deployment"), ...all(base, "Job")]) {
      const pod = podSpecOf(workload)!;
      const name = workload.metadata.name;
      expect(pod.automountServiceAccountToken, name).toBe(false);
      expect(pod.securityContext, name).toMatchObject({
        runAsNonRoot: true,
        seccompProfile: { type: "RuntimeDefault" },
      });
      expect((pod.securityContext as Any).runAsUser, name).toBeGreaterThan(0);
      const container = pod.containers![0] as Any;
      expect(container.securityContext, name).toEqual({
        allowPrivilegeEscalation: false,
        readOnlyRootFilesystem: true,
        capabilities: { drop: ["ALL"] },
      });
      const writable = container.volumeMounts.filter((m: Any) => !m.readOnly).map((m: Any) => m.mountPath);
      // Node's scratch space (os.tmpdir()); nginx's pid, buffers and cache.
      expect(writable, name).toEqual(name === "gateway" ? ["/run", "/var/cache/nginx", "/var/lib/nginx"] : ["/tmp"]);
    }
  });

  it("scales analytics, its worker and chat on CPU, and leaves their replica count to the autoscaler", () => {
    const hpas = all(base, "HorizontalPodAutoscaler");
    expect(hpas.map((h) => h.metadata.name).sort()).toEqual([...autoscaled].sort());
    for (const hpa of hpas) {
      expect(hpa.apiVersion).toBe("autoscaling/v2");
      expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: "apps/v1", kind: "Deployment", name: hpa.metadata.name });
      expect(hpa.spec.minReplicas).toBeLessThanOrEqual(hpa.spec.maxReplicas);
      expect(hpa.spec.metrics[0].resource.name).toBe("cpu");
    }
    for (const objects of [base, production]) {
      for (const name of autoscaled) expect(find(objects, "Deployment", name)!.spec.replicas, name).toBeUndefined();
    }
  });

  it("pins production's images and runs more than one of every other process there", () => {
    for (const workload of [...all(production, "Deployment"), ...all(production, "Job")]) {
      for (const container of containersOf(workload)) {
        expect(container.image).toMatch(/^registry\.example\.com\/resveratrol-reviews\/(node|gateway):\d+\.\d+\.\d+$/);
      }
      expect(workload.metadata.namespace).toBe("resveratrol-reviews");
    }
    const fixedSize = all(production, "Deployment").filter((workload) => !autoscaled.includes(workload.metadata.name));
    for (const workload of fixedSize) expect(workload.spec.replicas, workload.metadata.name).toBeGreaterThanOrEqual(2);
    expect(find(production, "Service", "gateway")!.spec).toMatchObject({
      type: "LoadBalancer",
      externalTrafficPolicy: "Local",
    });
  });

  it("lets only the gateway (and the monitoring namespace) reach the services", () => {
    const [policy] = all(base, "NetworkPolicy");
    const covered = all(base, "Deployment").filter((d) =>
      policy!.spec.podSelector.matchExpressions.every((e: Any) =>
        e.values.includes(d.spec.template.metadata.labels[e.key]),
      ),
    );
    expect(covered.map((d) => d.metadata.name).sort()).toEqual([...nodeWorkloads].sort());
    expect(policy!.spec.ingress[0].from[0].podSelector.matchLabels).toEqual(
      find(base, "Deployment", "gateway")!.spec.selector.matchLabels,
    );
  });
});

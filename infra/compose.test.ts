import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { upstreams } from "../gateway/src/route-table.js";
import { nodeEntries } from "./build/compile.js";
import { embeddedEntry } from "./build/entries.js";

interface ComposeService {
  image?: string;
  build?: unknown;
  command?: string[];
  ports?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test?: string[]; disable?: boolean };
  depends_on?: Record<string, { condition: string }>;
  profiles?: string[];
  volumes?: string[];
}

// No Docker engine here: the compose file is checked by its structure, with anchors and merges resolved.
const compose = parse(readFileSync(new URL("../docker-compose.yml", import.meta.url), "utf8"), { merge: true }) as {
  services: Record<string, ComposeService>;
};
const services = compose.services;

describe("docker-compose.yml", () => {
  it("has PostgreSQL, Redis, every route-table upstream, the worker, migrations and the gateway", () => {
    for (const name of ["postgres", "redis", "migrate", "analytics-worker", "gateway", "k6", ...upstreams]) {
      expect(services, name).toHaveProperty(name);
    }
  });

  it("gives every long-running service a health check", () => {
    for (const [name, service] of Object.entries(services)) {
      if (name === "migrate" || service.profiles?.includes("k6")) continue;
      expect(service.healthcheck?.test, name).toBeDefined();
      expect(service.healthcheck?.disable, name).not.toBe(true);
    }
  });

  it("starts each Node service from its own entry point with the shared settings", () => {
    for (const name of upstreams.filter((u) => u !== "web")) {
      const service = services[name]!;
      expect(service.environment?.DATABASE_URL, name).toMatch(/^postgres:\/\//);
      expect(service.environment?.REDIS_URL, name).toBe("redis://redis:6379");
      expect(service.depends_on?.postgres?.condition, name).toBe("service_healthy");
      expect(service.depends_on?.migrate?.condition, name).toBe("service_completed_successfully");
    }
  });

  it("runs every Node process as plain node on the JavaScript the image compiled, never tsx", () => {
    const nodeProcesses = Object.entries(services).filter(([, s]) => s.image === "resveratrol-reviews/node:latest");
    expect(nodeProcesses.map(([name]) => name).sort()).toEqual(nodeEntries.map((e) => e.name).sort());
    for (const entry of nodeEntries) {
      const [node, script] = services[entry.name]!.command!;
      expect([node, script], entry.name).toEqual(["node", entry.output]);
      expect(entry.output, entry.name).toMatch(/^[a-z/]+\/dist\/[a-z/]+\.js$/);
      expect(existsSync(new URL(`../${entry.source}`, import.meta.url)), entry.source).toBe(true);
    }
    for (const [name, service] of Object.entries(services)) {
      expect(service.command?.join(" ") ?? "", name).not.toMatch(/tsx|\.ts\b/);
    }
    // What compose runs is made in the image's build stage, which the runtime stage copies.
    const dockerfile = readFileSync(new URL("./docker/Dockerfile", import.meta.url), "utf8");
    const buildStage = dockerfile.slice(dockerfile.indexOf("AS build"), dockerfile.indexOf("AS runtime"));
    expect(buildStage).toContain("node --import tsx infra/build/compile.ts");
    // The image's own command, embedded mode, runs its compiled module too.
    const runtimeStage = dockerfile.slice(dockerfile.indexOf("AS runtime"), dockerfile.indexOf("AS gateway"));
    expect(runtimeStage).toContain(`CMD ["node", "${embeddedEntry.output}"]`);
  });

  it("publishes only the gateway, which waits for every upstream to be healthy", () => {
    const published = Object.entries(services)
      .filter(([, s]) => s.ports?.length)
      .map(([n]) => n);
    expect(published).toEqual(["gateway"]);
    expect(services.gateway!.ports).toEqual(["${GATEWAY_PORT:-8080}:8080"]);
    for (const upstream of upstreams)
      expect(services.gateway!.depends_on?.[upstream]?.condition).toBe("service_healthy");
  });

  it("migrates without seeding demo content, and keeps queued events in Redis across restarts", () => {
    expect(services.migrate!.command).toContain("--migrate-only");
    expect(services.redis!.command?.join(" ")).toContain("--appendonly yes");
    expect(services.redis!.command?.join(" ")).toContain("--maxmemory-policy noeviction");
  });

  it("runs the k6 scenarios only on request, against the gateway, from the repository's scripts", () => {
    const k6 = services.k6!;
    expect(k6.profiles).toEqual(["k6"]);
    // A pinned k6, so thresholds mean the same from one run to the next.
    expect(k6.image).toMatch(/^grafana\/k6:\d+\.\d+\.\d+$/);
    expect(k6.volumes).toEqual(["./infra/k6:/scripts:ro"]);
    expect(k6.environment?.BASE_URL).toBe("http://gateway:8080");
    expect(k6.depends_on?.gateway?.condition).toBe("service_healthy");
    expect(k6.command?.[0]).toBe("run");
    const script = k6.command![1]!.replace(/^\/scripts\//, "");
    expect(existsSync(new URL(`./k6/${script}`, import.meta.url)), script).toBe(true);
    // Nothing else hides behind a profile, and nothing else is started by `up` without one.
    const profiled = Object.entries(services).filter(([, s]) => s.profiles?.length);
    expect(profiled.map(([n]) => n)).toEqual(["k6"]);
  });

  it("keeps the per-address budgets at their contract values unless a load test raises them", () => {
    for (const name of [...upstreams, "analytics-worker"]) {
      expect(services[name]!.environment?.RATE_LIMIT_SCALE, name).toBe("${RATE_LIMIT_SCALE:-1}");
    }
  });

  it("builds images without local settings, data or history", () => {
    const ignored = readFileSync(new URL("../.dockerignore", import.meta.url), "utf8").split("\n");
    for (const entry of [".git", ".env", ".data", "node_modules"]) expect(ignored, entry).toContain(entry);
  });

  it("keeps secrets out of the file: required ones come from the environment", () => {
    const text = readFileSync(new URL("../docker-compose.yml", import.meta.url), "utf8");
    expect(text).toContain("${POSTGRES_PASSWORD:?");
    expect(text).toContain("${ADMIN_PASSWORD:?");
    expect(text).not.toMatch(/PASSWORD:\s*["']?[A-Za-z0-9]{6,}/);
  });
});

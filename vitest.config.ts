import { defineConfig } from "vitest/config";

/**
 * unit, api and e2e reuse each worker process from one file to the next (isolate: false) instead of
 * starting a process per file that loads the kit, jsdom, knex and the contract again: about 40% less
 * CPU for unit and api. A file therefore cleans up what it changes outside its own module scope
 * (fake timers, spies, DOM, local storage, its browser), as the stores and component tests do in afterEach.
 */
/** The topologies make test started for the browser suite (see frontend/e2e/support/worker-topology.ts). */
const e2eTopologies = process.env.E2E_TOPOLOGIES ? (JSON.parse(process.env.E2E_TOPOLOGIES) as unknown[]).length : 1;

export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          isolate: false,
          // A component test renders in jsdom on a shared worker; on a loaded 2-core machine one took 5.3 s.
          testTimeout: 15_000,
          include: [
            "{openapi,gateway,infra}/**/*.test.ts",
            "eslint.boundaries.test.ts",
            "services/**/*.test.ts",
            "frontend/src/**/*.test.{ts,tsx}",
          ],
          exclude: [
            "**/node_modules/**",
            "**/*.api.test.ts",
            "**/*.fuzz.test.ts",
            "**/*.e2e.test.ts",
            "**/*.fault.test.ts",
          ],
        },
      },
      {
        extends: true,
        test: {
          name: "api",
          isolate: false,
          include: ["services/**/*.api.test.ts", "gateway/**/*.api.test.ts", "infra/**/*.api.test.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // On its own after the API suites: what it creates must not show up in their answers.
        extends: true,
        test: {
          name: "fuzz",
          include: ["gateway/**/*.fuzz.test.ts"],
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          isolate: false,
          include: ["frontend/e2e/**/*.e2e.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 90_000,
          // One file at a time per topology: make test starts two and runs two files at once, each
          // worker on its own (support/worker-topology.ts); a run by hand has one.
          setupFiles: ["frontend/e2e/support/worker-topology.ts"],
          fileParallelism: e2eTopologies > 1,
          maxWorkers: e2eTopologies,
          // Tests marked concurrent (the stored-XSS page visits) run three at a time.
          maxConcurrency: 3,
        },
      },
      {
        // Stops and starts processes: each file brings up its own topology, one file at a time.
        extends: true,
        test: {
          name: "fault",
          include: ["infra/fault/**/*.fault.test.ts"],
          // Their bounds are asserted inside (503 within 1 s, drained within 60 s, ...); these only stop a
          // run that hangs, with room for a machine busy with other work.
          testTimeout: 600_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});

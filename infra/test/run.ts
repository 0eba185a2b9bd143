import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { repoRoot, startTopology, type Topology } from "../local/topology.js";

/**
 * make test: the static checks, then every vitest project against a fresh local topology, then
 * one line totalling every suite. What it started is stopped even when something fails.
 *
 * Most of a run waits on sockets, browsers and child processes rather than on the CPU, so work that
 * shares nothing overlaps: the static checks run beside the builds and the topology's start, and the
 * fault tests (each file on a topology of its own) beside the browser suite. A step that runs beside
 * another keeps its output and prints it whole when it ends, so the log reads one step at a time.
 */

interface Step {
  name: string;
  passed: boolean;
}

/** Runs a command; with `buffered`, its output is kept and printed in one piece when it exits. */
function sh(
  command: string,
  args: string[],
  options: { env?: Record<string, string>; buffered?: string } = {},
): Promise<number> {
  return new Promise((resolve) => {
    const env = { ...process.env, ...options.env };
    if (options.buffered === undefined) {
      const child = spawn(command, args, { cwd: repoRoot, stdio: "inherit", env });
      child.on("close", (code) => resolve(code ?? 1));
      return;
    }
    const heading = options.buffered;
    const output: Buffer[] = [];
    const child = spawn(command, args, { cwd: repoRoot, stdio: ["ignore", "pipe", "pipe"], env });
    child.stdout.on("data", (chunk: Buffer) => output.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => output.push(chunk));
    child.on("close", (code) => {
      process.stdout.write(`\n── ${heading}\n${Buffer.concat(output).toString()}`);
      resolve(code ?? 1);
    });
  });
}

/** How long each part of the run took, printed at the end: what to look at when a run is slow. */
const timings: Array<{ name: string; seconds: number }> = [];

async function timed<T>(name: string, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  try {
    return await work();
  } finally {
    timings.push({ name, seconds: Math.round((Date.now() - started) / 1000) });
  }
}

async function main(): Promise<number> {
  const runStarted = Date.now();
  const steps: Step[] = [];
  const check = async (name: string, command: string, args: string[], buffered = false) => {
    if (!buffered) console.log(`\n── ${name}`);
    const passed = (await timed(name, () => sh(command, args, buffered ? { buffered: name } : {}))) === 0;
    steps.push({ name, passed });
    return passed;
  };

  const vitest = { passed: 0, failed: 0 };
  const failures: string[] = [];
  const runProjects = async (
    projects: string[],
    env: Record<string, string>,
    options: { buffered?: boolean; extraArgs?: string[] } = {},
  ) => {
    const report = path.join(repoRoot, `test-results/vitest-${projects.join("-")}.json`);
    mkdirSync(path.dirname(report), { recursive: true });
    rmSync(report, { force: true });
    const args = projects.flatMap((p) => ["--project", p]);
    await timed(`vitest ${projects.join(" + ")}`, () =>
      sh(
        "npx",
        [
          "vitest",
          "run",
          ...args,
          ...(options.extraArgs ?? []),
          "--reporter=default",
          "--reporter=json",
          `--outputFile.json=${report}`,
        ],
        { env, ...(options.buffered ? { buffered: `vitest ${projects.join(" + ")}` } : {}) },
      ),
    );
    try {
      const json = JSON.parse(readFileSync(report, "utf8")) as {
        numPassedTests: number;
        numFailedTests: number;
        numTotalTests: number;
        testResults: Array<{
          name: string;
          status: string;
          message?: string;
          assertionResults: Array<{ status: string; fullName: string; failureMessages?: string[] }>;
        }>;
      };
      // A file that failed outside its tests (an error in beforeAll, an import that throws) has no failed
      // test of its own, and its tests count as skipped: the file itself counts as one failure.
      const brokenFiles = json.testResults.filter(
        (file) => file.status === "failed" && !file.assertionResults.some((test) => test.status === "failed"),
      );
      // Its own error's first line goes with it: the buffered log above may be cut from what a CI page shows.
      for (const file of brokenFiles) {
        const reason = file.message?.split("\n")[0] ?? "";
        failures.push(`FAILED outside its tests: ${path.relative(repoRoot, file.name)}\n   ${reason}`);
      }
      // Each failed test again, by name and with its message's first line: the end of a long log is
      // what a CI page shows, and it should say which test to look at.
      for (const file of json.testResults) {
        for (const test of file.assertionResults.filter((t) => t.status === "failed")) {
          const reason = test.failureMessages?.[0]?.split("\n")[0] ?? "";
          failures.push(`FAILED: ${path.relative(repoRoot, file.name)} > ${test.fullName}\n   ${reason}`);
        }
      }
      vitest.passed += json.numPassedTests;
      vitest.failed += json.numFailedTests + brokenFiles.length + (json.numTotalTests === 0 ? 1 : 0);
    } catch {
      failures.push(`FAILED: vitest ${projects.join(" + ")} wrote no report`);
      vitest.failed += 1;
    }
  };

  let topology: Topology | undefined;
  // The browser suite's second topology, once asked for: stopped too, even if still starting.
  let secondTopology: Promise<Topology | undefined> | undefined;
  const stopAll = () => Promise.all([topology?.stop(), secondTopology?.then((second) => second?.stop())]);
  const stopAndExit = async () => {
    await stopAll();
    process.exit(130);
  };
  process.once("SIGINT", () => void stopAndExit());
  process.once("SIGTERM", () => void stopAndExit());

  // The static checks, one after another and buffered, beside the builds and the topology's start.
  const checks = (async () => {
    await check("format", "npx", ["prettier", "--check", "--log-level", "warn", "."], true);
    await check("lint", "npx", ["eslint", "--max-warnings", "0", "."], true);
    await check("typecheck", "npx", ["tsc", "-p", "tsconfig.json"], true);
  })();
  // The Node processes compiled once: every topology the run starts, and the tests that start a service
  // process, run the bundles while they are current (about a third less CPU per start than tsx).
  const built =
    (await check("build contract", "npm", ["run", "build", "-w", "@rsv/api"])) &&
    (await check("build web", "npm", ["run", "build", "-w", "@rsv/web"])) &&
    (await check("compile", "node", ["--import", "tsx", "infra/build/compile.ts"]));

  if (built) {
    try {
      console.log("\n── starting the local topology (PostgreSQL, Redis, services, nginx)");
      topology = await timed("topology start", () => startTopology());
      console.log(`   gateway at ${topology.env.GATEWAY_URL}; logs in ${path.relative(repoRoot, topology.logDir)}`);
      await checks;
      // The fuzzer and the browser suite run after the API suites, each alone against the shared
      // topology (the browser suite on a second one as well), so data never changes under a suite mid-test.
      // API files mostly wait on the services: one more worker than the machine's cores keeps it busy.
      await runProjects(["unit", "api"], topology.env, { extraArgs: ["--maxWorkers=3"] });
      // The fault tests stop and start processes, so each file starts a topology of its own (one file
      // at a time) and shares nothing with the fuzzer and the browser suite, which run beside them: the
      // fuzzer leaves about a third of the machine idle, which the fault tests' topologies take up.
      console.log("\n── fuzz, then e2e, with the fault tests (each with its own topology) beside them");
      const fault = runProjects(["fault"], {}, { buffered: true });
      // The browser suite runs two files at once, each vitest worker on a topology of its own: a
      // browser test waits on pages and timers for about half its time. The second topology starts
      // while the fuzzer runs.
      secondTopology = timed("second topology start", () => startTopology({ label: "e2e-2" })).catch(
        (error: unknown) => {
          console.error(error);
          return undefined;
        },
      );
      await runProjects(["fuzz"], topology.env);
      const second = await secondTopology;
      if (!second) throw new Error("the browser suite's second topology did not start");
      const browserTopologies = [topology.env, second.env];
      // On CI nobody looks at the browser suite's screenshots (see saveScreenshot), so none are taken.
      const browserEnv = {
        ...topology.env,
        E2E_TOPOLOGIES: JSON.stringify(browserTopologies),
        ...(process.env.CI ? { SCREENSHOTS: process.env.SCREENSHOTS ?? "off" } : {}),
      };
      await Promise.all([runProjects(["e2e"], browserEnv), fault]);
    } catch (error) {
      console.error(error);
      steps.push({ name: "topology", passed: false });
    } finally {
      await stopAll();
    }
  }
  await checks;

  // Steps that ran side by side overlap: each line is its own wall-clock time, from its start to its end.
  console.log(`\n── time taken (${Math.round((Date.now() - runStarted) / 1000)} s in all)`);
  for (const { name, seconds } of timings) console.log(`   ${name}: ${seconds} s`);
  const failedSteps = steps.filter((s) => !s.passed);
  for (const step of failedSteps) console.log(`FAILED: ${step.name}`);
  for (const failure of failures) console.log(failure);
  const passed = steps.length - failedSteps.length + vitest.passed;
  const failed = failedSteps.length + vitest.failed;
  console.log(`\n${passed} passed, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}

process.exitCode = await main();

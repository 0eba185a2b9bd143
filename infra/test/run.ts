import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { repoRoot, startTopology, type Topology } from "../local/topology.js";

/**
 * make test: the static checks, then every vitest project against a fresh local topology, then
 * one line totalling every suite. What it started is stopped even when something fails.
 */

interface Step {
  name: string;
  passed: boolean;
}

function sh(command: string, args: string[], env: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: repoRoot, stdio: "inherit", env: { ...process.env, ...env } });
    child.on("close", (code) => resolve(code ?? 1));
  });
}

async function main(): Promise<number> {
  const steps: Step[] = [];
  const check = async (name: string, command: string, args: string[]) => {
    console.log(`\n── ${name}`);
    const passed = (await sh(command, args)) === 0;
    steps.push({ name, passed });
    return passed;
  };

  await check("format", "npx", ["prettier", "--check", "--log-level", "warn", "."]);
  await check("lint", "npx", ["eslint", "--max-warnings", "0", "."]);
  await check("typecheck", "npx", ["tsc", "-p", "tsconfig.json"]);
  const built =
    (await check("build contract", "npm", ["run", "build", "-w", "@rsv/api"])) &&
    (await check("build web", "npm", ["run", "build", "-w", "@rsv/web"]));

  const vitest = { passed: 0, failed: 0 };
  const runProjects = async (projects: string[], env: Record<string, string>) => {
    const report = path.join(repoRoot, `test-results/vitest-${projects.join("-")}.json`);
    mkdirSync(path.dirname(report), { recursive: true });
    rmSync(report, { force: true });
    const args = projects.flatMap((p) => ["--project", p]);
    await sh(
      "npx",
      ["vitest", "run", ...args, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`],
      env,
    );
    try {
      const json = JSON.parse(readFileSync(report, "utf8")) as {
        numPassedTests: number;
        numFailedTests: number;
        numTotalTests: number;
      };
      vitest.passed += json.numPassedTests;
      vitest.failed += json.numFailedTests + (json.numTotalTests === 0 ? 1 : 0);
    } catch {
      vitest.failed += 1;
    }
  };
  if (built) {
    let topology: Topology | undefined;
    const stopAndExit = async () => {
      await topology?.stop();
      process.exit(130);
    };
    process.once("SIGINT", () => void stopAndExit());
    process.once("SIGTERM", () => void stopAndExit());
    try {
      console.log("\n── starting the local topology (PostgreSQL, Redis, services, nginx)");
      topology = await startTopology();
      console.log(`   gateway at ${topology.env.GATEWAY_URL}; logs in ${path.relative(repoRoot, topology.logDir)}`);
      // The fuzzer and the browser suites run after the API suites, each alone, so data never changes under a suite mid-test.
      for (const projects of [["unit", "api"], ["fuzz"], ["e2e"]]) await runProjects(projects, topology.env);
    } catch (error) {
      console.error(error);
      steps.push({ name: "topology", passed: false });
    } finally {
      await topology?.stop();
    }
    // Last, on their own: the fault tests stop and start processes, so each file starts a topology of
    // its own (after the shared one is gone, so the two do not compete for the machine).
    console.log("\n── fault tests (each with its own topology)");
    await runProjects(["fault"], {});
  }

  const failedSteps = steps.filter((s) => !s.passed);
  for (const step of failedSteps) console.log(`FAILED: ${step.name}`);
  const passed = steps.length - failedSteps.length + vitest.passed;
  const failed = failedSteps.length + vitest.failed;
  console.log(`\n${passed} passed, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}

process.exitCode = await main();

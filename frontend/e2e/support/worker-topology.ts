/**
 * make test runs the browser suite on two topologies at once, one per vitest worker, so two files
 * run side by side and neither sees the other's writes. E2E_TOPOLOGIES lists each topology's
 * environment in worker order, and VITEST_POOL_ID (1 to maxWorkers) says which one is this
 * worker's. This runs before a test file is imported, so support/site.ts reads the right gateway.
 * Without E2E_TOPOLOGIES, a run by hand uses the single topology already in the environment.
 */
const listed = process.env.E2E_TOPOLOGIES;
if (listed) {
  const topologies = JSON.parse(listed) as Array<Record<string, string>>;
  const worker = Number(process.env.VITEST_POOL_ID);
  const own = topologies[worker - 1];
  if (!own) throw new Error(`No topology for vitest worker ${worker} among ${topologies.length}`);
  Object.assign(process.env, own);
}

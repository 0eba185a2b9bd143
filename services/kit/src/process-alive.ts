/**
 * Whether a process of this machine still runs: signal 0 checks without signalling. EPERM means it runs
 * under another user. Used by the claims test runs share across processes (ports, the site settings).
 */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

import { readdirSync, readFileSync } from "node:fs";

/**
 * CPU time by kind of process, for dividing by the requests of a load run: on a machine others share,
 * a run's throughput follows their load, while the CPU each process spends per request holds. The
 * processes are this process's descendants still running (the topology's services, nginx, Redis; not
 * wrk, gone by the second reading) and the PostgreSQL cluster on `pgPort` (pg_ctl detaches it) with
 * its backends.
 */
const TICKS_PER_SECOND = 100;

interface Proc {
  pid: number;
  ppid: number;
  args: string;
  ticks: number;
}

function processes(): Proc[] {
  const out: Proc[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      // The command sits in parentheses and may hold spaces: fields are counted after it.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const args = readFileSync(`/proc/${name}/cmdline`, "utf8").replaceAll("\0", " ").trim();
      out.push({ pid: Number(name), ppid: Number(fields[1]), args, ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // Gone meanwhile.
    }
  }
  return out;
}

function kindOf(args: string): string {
  if (/analytics\/(src\/worker\.ts|dist\/worker\.js)/.test(args)) return "analytics-worker";
  if (/analytics\/(src|dist)\/main/.test(args)) return "analytics";
  if (args.startsWith("nginx")) return "nginx";
  if (args.startsWith("redis-server")) return "redis";
  if (/^(\S*\/)?postgres\b/.test(args)) return "postgres";
  if (args.startsWith("wrk")) return "wrk";
  return "other";
}

/** Seconds of CPU by kind, for the processes described above, now. */
export function cpuByKind(pgPort: string): Map<string, number> {
  const all = processes();
  const children = new Map<number, Proc[]>();
  for (const p of all) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p]);
  const roots = [
    process.pid,
    ...all.filter((p) => kindOf(p.args) === "postgres" && p.args.includes(`-p ${pgPort} `)).map((p) => p.pid),
  ];
  const seen = new Set<number>();
  const totals = new Map<string, number>();
  const visit = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      if (seen.has(child.pid)) continue;
      seen.add(child.pid);
      const kind = kindOf(child.args);
      totals.set(kind, (totals.get(kind) ?? 0) + child.ticks / TICKS_PER_SECOND);
      visit(child.pid);
    }
  };
  for (const pid of roots) {
    const root = all.find((p) => p.pid === pid);
    if (root && pid !== process.pid) {
      seen.add(pid);
      totals.set("postgres", (totals.get("postgres") ?? 0) + root.ticks / TICKS_PER_SECOND);
    }
    visit(pid);
  }
  return totals;
}

/** Microseconds of CPU per event, by kind, between two readings. */
export function perEvent(before: Map<string, number>, after: Map<string, number>, events: number) {
  const out: Record<string, number> = {};
  let total = 0;
  for (const [kind, seconds] of after) {
    const spent = seconds - (before.get(kind) ?? 0);
    if (kind === "other") continue;
    out[kind] = Math.round((spent * 1e6) / events);
    total += spent;
  }
  out.total = Math.round((total * 1e6) / events);
  return out;
}

/** The machine's CPU ticks, busy and in all, now (/proc/stat's first line: every core, every process). */
export function machineTicks(): { busy: number; all: number } {
  const fields = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
  const all = fields.reduce((sum, n) => sum + n, 0);
  // idle and iowait
  return { busy: all - fields[3]! - fields[4]!, all };
}

/** The share of the machine's CPU that was busy between two readings, in per cent. */
export function busyShare(before: { busy: number; all: number }, after: { busy: number; all: number }): number {
  return Math.round((1000 * (after.busy - before.busy)) / (after.all - before.all)) / 10;
}

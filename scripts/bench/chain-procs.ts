/**
 * The processes under test and the machine: pids of devserver (JVM), bridge, MCP server and the
 * private redis-server, their memory from /proc/<pid>/status (VmRSS, VmHWM = peak RSS), CPU time
 * from /proc/<pid>/stat, and a one-paragraph description of the machine for the report header.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";

export interface Watched {
  name: string;
  pid: number;
  /** More processes counted under the same name (e.g. one stdio MCP server per session). */
  more?: number[];
}

/** CPU % of one core per process name (summed over a group). */
export interface CpuShare {
  [name: string]: number;
}

const groupCpu = (w: Watched) => [w.pid, ...(w.more ?? [])].reduce((sum, pid) => sum + cpuSeconds(pid), 0);

/** CPU % of one core used by each watched process (and this one, "bench clients") while `fn` runs. */
export async function withCpu<T>(watched: Watched[], fn: () => Promise<T>): Promise<[T, CpuShare, number]> {
  const before = watched.map(groupCpu);
  const self = process.cpuUsage();
  const t = performance.now();
  const value = await fn();
  const wall = (performance.now() - t) / 1000;
  const cpu: CpuShare = {};
  watched.forEach((w, i) => {
    cpu[w.name] = ((groupCpu(w) - before[i]!) / wall) * 100;
  });
  const used = process.cpuUsage(self);
  cpu["bench clients"] = ((used.user + used.system) / 1e6 / wall) * 100;
  return [value, cpu, wall];
}

export interface Memory {
  rssKiB: number;
  peakKiB: number;
}

function status(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/status`, "utf8");
  } catch {
    return undefined;
  }
}

export function memory(pid: number): Memory {
  const text = status(pid) ?? "";
  const field = (name: string) =>
    Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(text)?.[1] ?? Number.NaN);
  return { rssKiB: field("VmRSS"), peakKiB: field("VmHWM") };
}

/** User + system CPU seconds the process has used so far (NaN when it is gone). */
export function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // After "(comm) ": state=0 ... utime=11, stime=12 (fields 14 and 15 of proc(5)).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/** Direct children of this process whose command name is `comm` (e.g. "java" for the devserver). */
export function childrenNamed(comm: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === process.pid && name === comm) found.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return found;
}

export const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

export function machine(): string[] {
  const cpu = cpus()[0]?.model.trim() ?? "unknown CPU";
  let java = "unknown Java";
  try {
    // `java -version` writes to stderr.
    java = execFileSync("sh", ["-c", "java -version 2>&1 | head -1"], { encoding: "utf8" }).trim();
  } catch {
    // no java on the PATH: the devserver would not have started either
  }
  let commit = "unknown";
  try {
    commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
  } catch {
    // not a git checkout
  }
  return [
    `machine: ${cpus().length} CPUs (nproc), ${cpu}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM`,
    `software: Node ${process.version}, ${java}, commit ${commit}`,
    `load average at start (1/5/15 min): ${load()}`,
  ];
}

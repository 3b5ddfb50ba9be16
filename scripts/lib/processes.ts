import { readdirSync, readFileSync, readlinkSync } from "node:fs";

/** What /proc tells of this machine's processes (Linux only): for the benchmarks and the tests that watch the app's workerd. */

export function processName(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/comm`, "utf8").trim();
  } catch {
    return undefined;
  }
}

export function commandLine(pid: number): string[] {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
  } catch {
    return [];
  }
}

/** The TCP ports a process listens on, read from /proc. */
export function listeningPorts(pid: number): number[] {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      if (target.startsWith("socket:[")) inodes.add(target.slice(8, -1));
    } catch {
      // closed while we looked
    }
  }
  const ports: number[] = [];
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    for (const line of readFileSync(table, "utf8").split("\n").slice(1)) {
      // sl, local_address, rem_address, st, tx:rx, tr:when, retrnsmt, uid, timeout, inode
      const fields = line.trim().split(/\s+/);
      if (fields.length < 10 || fields[3] !== "0A" || !inodes.has(fields[9])) continue;
      ports.push(parseInt(fields[1].split(":")[1], 16));
    }
  }
  return ports;
}

/** Every process under `root` (children, grandchildren…), read from /proc. */
export function descendants(root: number): number[] {
  const childrenOf = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The fields after the command name, which is in parentheses and may hold spaces: state, ppid, …
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), Number(entry)]);
    } catch {
      // the process ended while we looked
    }
  }
  const found: number[] = [];
  for (let queue = [root]; queue.length;) {
    const children = childrenOf.get(queue.shift()!) ?? [];
    found.push(...children);
    queue.push(...children);
  }
  return found;
}

/** The resident memory of a process in bytes (VmRSS), or undefined when it is gone; Linux only. */
export function residentBytes(pid: number): number | undefined {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** A process's parent and process group, from /proc (the fields after its state). */
export function processOf(pid: number | undefined): { parent: number; group: number } | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const [, parent, group] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { parent: Number(parent), group: Number(group) };
  } catch {
    return undefined;
  }
}

/**
 * The pid of the workerd that runs the app wrangler dev serves on `port`: wrangler runs two, a
 * proxy listening on that port (its command line names it) and, beside it, the app's own.
 */
export function appWorkerdOf(port: number): number | undefined {
  const proxyArg = `--socket-addr=entry=127.0.0.1:${port}`;
  const pids = readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number);
  const proxy = pids.find((pid) => processName(pid) === "workerd" && commandLine(pid).includes(proxyArg));
  const wrangler = processOf(proxy)?.parent;
  if (proxy === undefined || wrangler === undefined) return undefined;
  return descendants(wrangler).find((pid) => processName(pid) === "workerd" && pid !== proxy);
}

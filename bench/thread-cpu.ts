/**
 * The CPU time the browser's threads used, read from Linux's /proc (no tracing, which would load
 * the page it measures). A frame's time says whether the page made the display's beat; this says
 * what it cost and where: a scroll on 2 cores is drawn by four busy threads (the page's main
 * thread, its compositor thread, the raster workers and the display compositor, which draws every
 * frame in software under --disable-gpu), so a frame can be missed while the main thread waits
 * for a core. Used by the grid bench for the floor and each grid (docs/decisions.md, Grid).
 */
import fs from 'node:fs';

export const THREAD_GROUPS = ['main', 'compositor', 'raster', 'display', 'other'] as const;
export type ThreadGroup = (typeof THREAD_GROUPS)[number];
export type ThreadCpu = Record<ThreadGroup, number>;

const read = (file: string): string | undefined => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined; // the process or thread ended between the listing and the read
  }
};

/** The processes below `root` (the browser is a child of the bench's own process). */
function descendants(root: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    // Field 4 of stat is the parent; the command name before it is in parentheses and may hold spaces.
    const stat = read(`/proc/${entry}/stat`);
    const ppid = stat ? Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) : NaN;
    if (Number.isFinite(ppid)) parents.set(Number(entry), ppid);
  }
  const found: number[] = [];
  const walk = (pid: number) => {
    for (const [child, parent] of parents)
      if (parent === pid) {
        found.push(child);
        walk(child);
      }
  };
  walk(root);
  return found;
}

function groupOf(kind: string, pid: number, tid: number, name: string): ThreadGroup {
  if (kind === 'renderer') {
    if (tid === pid) return 'main';
    if (name === 'Compositor') return 'compositor';
    // The renderer's worker pool: raster tasks, and the garbage collector's helpers.
    if (name.startsWith('ThreadPoolForeg')) return 'raster';
  }
  if (kind === 'gpu-process' && name.startsWith('VizCompositor')) return 'display';
  return 'other';
}

/**
 * CPU time so far (ms) of every thread of the browser processes under `root`, by group; null
 * where /proc is not there to read (not Linux).
 */
export function browserCpu(root = process.pid): ThreadCpu | null {
  if (!fs.existsSync('/proc/self/task')) return null;
  const out = Object.fromEntries(THREAD_GROUPS.map((group) => [group, 0])) as ThreadCpu;
  for (const pid of descendants(root)) {
    const cmdline = read(`/proc/${pid}/cmdline`) ?? '';
    const kind = /--type=([\w-]+)/.exec(cmdline)?.[1] ?? 'browser';
    let tids: string[];
    try {
      tids = fs.readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tids) {
      const name = read(`/proc/${pid}/task/${tid}/comm`)?.trim() ?? '';
      // The first field of schedstat is the time on a CPU, in nanoseconds.
      const ns = Number(read(`/proc/${pid}/task/${tid}/schedstat`)?.split(' ')[0] ?? 0);
      out[groupOf(kind, pid, Number(tid), name)] += ns / 1e6;
    }
  }
  return out;
}

/** The CPU used between two readings, per frame (ms), for `frames` frames. */
export function cpuPerFrame(before: ThreadCpu | null, after: ThreadCpu | null, frames: number): ThreadCpu | undefined {
  if (!before || !after || frames === 0) return undefined;
  const out = {} as ThreadCpu;
  // A thread that ended between the readings takes its time with it: never below zero.
  for (const group of THREAD_GROUPS) out[group] = Math.max(0, after[group] - before[group]) / frames;
  return out;
}

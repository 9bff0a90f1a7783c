/**
 * Runs a command and measures it as a whole process tree: wall time, CPU time (user + sys of the
 * command and every descendant it waited for, from GNU time's wait4 rusage), the peak of the tree's
 * summed RSS (sampled from /proc every ~100 ms: `/usr/bin/time`'s max RSS is that of the largest
 * single process, not of the tree), and every output line with the time it arrived.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

export interface LogLine {
  /** Milliseconds since the command started. */
  at: number;
  stream: 'stdout' | 'stderr';
  text: string;
}

export interface ProcessStats {
  exitCode: number | null;
  wallMs: number;
  /** user + sys of the whole tree; `undefined` where neither GNU time nor /proc could tell. */
  cpuMs: number | undefined;
  userMs: number | undefined;
  sysMs: number | undefined;
  /**
   * Where the CPU figure came from. GNU time's rusage counts only descendants that were waited for:
   * a helper killed just before its parent exits (Pagefind's service) is missed. The /proc samples
   * see every process but miss each one's last ~100 ms. The larger of the two is reported.
   */
  cpuSource: 'time' | 'proc';
  /** user + sys summed over every process seen in the /proc samples (a lower bound). */
  sampledCpuMs: number;
  /** The same, by process name (`node`, `pagefind_extended`, `esbuild`, ...). */
  sampledCpuByCommand: Record<string, number>;
  /** Peak of the summed VmRSS of the command and all its descendants, in bytes. */
  peakTreeRssBytes: number;
  /** At that peak, RSS by process name, in bytes: which processes were alive together. */
  rssAtPeakByCommand: Record<string, number>;
  /** Max RSS of the largest single process (GNU time's %M), in bytes, where known. */
  maxProcessRssBytes: number | undefined;
  /** Most processes seen in the tree at once. */
  peakProcesses: number;
  lines: LogLine[];
}

const GNU_TIME = '/usr/bin/time';
export const hasGnuTime = existsSync(GNU_TIME);
const CLOCK_TICKS = 100; // USER_HZ on Linux

const readOr = (file: string): string | undefined => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
};

/** The pid and all its descendants, through /proc/<pid>/task/<tid>/children. */
export const processTree = (root: number): number[] => {
  const seen: number[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const pid = stack.pop() as number;
    seen.push(pid);
    const taskDir = `/proc/${pid}/task`;
    let tasks: string[];
    try {
      tasks = readdirSync(taskDir);
    } catch {
      continue; // the process ended between samples
    }
    for (const tid of tasks) {
      const children = readOr(`${taskDir}/${tid}/children`);
      if (!children) continue;
      for (const child of children.trim().split(/\s+/)) if (child) stack.push(Number(child));
    }
  }
  return seen;
};

const rssBytes = (pid: number): number => {
  const status = readOr(`/proc/${pid}/status`);
  const match = status && /^VmRSS:\s+(\d+) kB/m.exec(status);
  return match ? Number(match[1]) * 1024 : 0;
};

/** utime + stime of one process itself (fields 14–15 of /proc/<pid>/stat), in ms. */
const cpuOf = (pid: number): number | undefined => {
  const stat = readOr(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) * 1000) / CLOCK_TICKS;
};

/** utime + stime, in ms, of every process below `root` (not `root` itself): e.g. a browser this process started. */
export const descendantsCpuMs = (root: number = process.pid): number =>
  processTree(root)
    .filter((pid) => pid !== root)
    .reduce((sum, pid) => sum + (cpuOf(pid) ?? 0), 0);

export interface RunOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Sampling period for the process tree, ms. */
  sampleMs?: number;
  /** Called with each line as it arrives (for progress output). */
  onLine?: (line: LogLine) => void;
}

export const measure = async (command: string, args: string[], options: RunOptions): Promise<ProcessStats> => {
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'canimcp-time-'));
  const timeFile = path.join(scratch, 'time.txt');
  const argv = hasGnuTime ? [GNU_TIME, '-f', '%e %U %S %M', '-o', timeFile, command, ...args] : [command, ...args];
  const started = performance.now();
  const child = spawn(argv[0] as string, argv.slice(1), {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: LogLine[] = [];
  const listen = (stream: NodeJS.ReadableStream, name: LogLine['stream']) =>
    new Promise<void>((resolve) => {
      const reader = createInterface({ input: stream, crlfDelay: Infinity });
      reader.on('line', (text) => {
        const line = { at: performance.now() - started, stream: name, text };
        lines.push(line);
        options.onLine?.(line);
      });
      reader.on('close', resolve);
    });
  const streams = Promise.all([listen(child.stdout, 'stdout'), listen(child.stderr, 'stderr')]);

  let peakTreeRssBytes = 0;
  let peakProcesses = 0;
  let rssAtPeakByCommand: Record<string, number> = {};
  // Per pid, the last CPU seen (pids are not reused within one run's few seconds), and its name.
  const lastCpu = new Map<number, number>();
  const commands = new Map<number, string>();
  const sample = () => {
    if (child.pid === undefined) return;
    // GNU time itself is a tiny wrapper: measure what it runs.
    const tree = processTree(child.pid).filter((pid) => !hasGnuTime || pid !== child.pid);
    let total = 0;
    const byCommand: Record<string, number> = {};
    for (const pid of tree) {
      const rss = rssBytes(pid);
      total += rss;
      const cpu = cpuOf(pid);
      if (cpu !== undefined) lastCpu.set(pid, cpu);
      // Re-read: a forked child keeps its parent's name until it execs.
      const name = readOr(`/proc/${pid}/comm`)?.trim();
      if (name) commands.set(pid, name);
      const key = name ?? '?';
      byCommand[key] = (byCommand[key] ?? 0) + rss;
    }
    if (total > peakTreeRssBytes) rssAtPeakByCommand = byCommand;
    peakTreeRssBytes = Math.max(peakTreeRssBytes, total);
    peakProcesses = Math.max(peakProcesses, tree.length);
  };
  const timer = setInterval(sample, options.sampleMs ?? 100);
  sample();

  const exitCode = await new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  clearInterval(timer);
  await streams;
  const wallMs = performance.now() - started;

  let cpu: Pick<ProcessStats, 'cpuMs' | 'userMs' | 'sysMs' | 'maxProcessRssBytes'> = {
    cpuMs: undefined,
    userMs: undefined,
    sysMs: undefined,
    maxProcessRssBytes: undefined,
  };
  const sampledCpuMs = [...lastCpu.values()].reduce((sum, value) => sum + value, 0);
  const sampledCpuByCommand: Record<string, number> = {};
  for (const [pid, cpu] of lastCpu) {
    const name = commands.get(pid) ?? '?';
    sampledCpuByCommand[name] = (sampledCpuByCommand[name] ?? 0) + cpu;
  }
  let cpuSource: ProcessStats['cpuSource'] = 'proc';
  if (hasGnuTime) {
    const text = await readFile(timeFile, 'utf8').catch(() => '');
    // GNU time writes "Command exited with non-zero status N" before the format line on failure.
    const last = text.trim().split('\n').at(-1) ?? '';
    const [, user, sys, maxKb] = last.split(' ').map(Number);
    if (user !== undefined && sys !== undefined && maxKb !== undefined && [user, sys, maxKb].every(Number.isFinite)) {
      cpu = { userMs: user * 1000, sysMs: sys * 1000, cpuMs: (user + sys) * 1000, maxProcessRssBytes: maxKb * 1024 };
      cpuSource = 'time';
    }
  }
  if (cpu.cpuMs === undefined || sampledCpuMs > cpu.cpuMs) {
    cpu.cpuMs = sampledCpuMs;
    cpuSource = 'proc';
  }
  await rm(scratch, { recursive: true, force: true });
  return {
    exitCode,
    wallMs,
    ...cpu,
    cpuSource,
    sampledCpuMs,
    sampledCpuByCommand,
    peakTreeRssBytes,
    rssAtPeakByCommand,
    peakProcesses,
    lines,
  };
};

/** The output of a run, for error messages. */
export const outputOf = (stats: ProcessStats, last = 40) =>
  stats.lines
    .slice(-last)
    .map((line) => line.text)
    .join('\n');

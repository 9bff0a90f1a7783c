/** Runs a command in its own process group; the whole group is stopped at the time limit. */
import { spawn } from 'node:child_process';

/** How a command ended: its exit code, whether the time limit stopped it, its output (first 200 KB). */
export interface GroupEnd {
  code: number | null;
  timedOut: boolean;
  output: string;
}

const OUTPUT_KEPT = 200_000;

/** Runs `command` until it exits or `seconds` pass; then the group gets SIGTERM, and SIGKILL 3 s later. `onOutput` sees the output so far as it grows. */
export const runGroup = (
  command: string,
  args: readonly string[],
  options: { cwd: string; env: Record<string, string>; seconds: number; onOutput?: (text: string) => void },
): Promise<GroupEnd> =>
  new Promise((resolve) => {
    const child = spawn(command, [...args], {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    let timedOut = false;
    const keep = (chunk: Buffer) => {
      if (output.length < OUTPUT_KEPT) output += chunk.toString();
      options.onOutput?.(output);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const kill = (signal: NodeJS.Signals) => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, signal);
      } catch {
        // The group is gone already.
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      kill('SIGTERM');
      setTimeout(() => kill('SIGKILL'), 3000).unref();
    }, options.seconds * 1000);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ code: null, timedOut, output: `${output}${error.message}\n` });
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      // A probe or helper the client left running in the group goes with it.
      setTimeout(() => kill('SIGKILL'), 1500).unref();
      resolve({ code, timedOut, output });
    });
  });

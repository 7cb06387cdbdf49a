import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { REPO_ROOT } from './config';
import { TEST_DB_ENV } from './test/test-database';
import { freePort } from './test/free-port';
import { ensureServerBuilt, MAIN } from './test/built-server';

/**
 * WEB_CONCURRENCY=2 on the built server (`node server/dist/main.js`, as `npm start` runs it): one
 * supervisor, two workers on one PORT, a scrape of /metrics counting both, a crashed worker
 * replaced while the other answers, and SIGTERM stopping them all.
 */

/** The pids whose parent is `pid` (Linux /proc). */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        return Number(readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]) === pid;
      } catch {
        return false; // gone meanwhile
      }
    })
    .map(Number);
}

async function until<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  ms = 30_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let server: ChildProcess | undefined;
let output = '';

/** The processes that have logged 'TrueNet listening' so far. */
function listeningPids(): number[] {
  return output
    .split('\n')
    .filter((line) => line.includes('TrueNet listening'))
    .map((line) => (JSON.parse(line) as { pid: number }).pid);
}

beforeAll(() => {
  if (process.env.TEST_DATABASE_URL) ensureServerBuilt();
}, 300_000);

afterAll(() => {
  if (server?.exitCode === null) server.kill('SIGKILL');
});

// Workers need a PostgreSQL server of their own (the embedded one serves a single process, and the
// run's in-memory one a handful of connections): CI's, or TEST_DATABASE_URL's.
const withPostgres = process.env.TEST_DATABASE_URL ? it : it.skip;
const METRICS_TOKEN = 'cluster-metrics-token-0123456789';

withPostgres(
  'serves PORT from two worker processes, replaces a crashed one, and stops them all on SIGTERM',
  async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, [MAIN], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        SECRETS_KEY: '5ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2',
        JWT_SECRET: 'cluster-test-secret-0123456789-abcdefghijkl',
        BILLING: 'offline',
        REMINDERS: 'off',
        PORT: String(port),
        APP_URL: url,
        // info: each worker says when it listens (request lines stay quiet at info).
        LOG_LEVEL: 'info',
        WEB_CONCURRENCY: '2',
        METRICS_TOKEN,
        DATABASE_URL: process.env[TEST_DB_ENV],
      },
    });
    server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const supervisor = server.pid!;
    const ready = async () => {
      try {
        // A connection handed to the worker being killed is lost: a client retries after a timeout.
        return (await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2_000) })).ok ? true : undefined;
      } catch {
        return undefined;
      }
    };

    const workers = await until('two workers', () => {
      const pids = childrenOf(supervisor);
      return pids.length === 2 ? pids : undefined;
    });
    // Both must listen before one is killed: one that dies before it listens could not start.
    await until('both workers to listen', () =>
      workers.every((pid) => listeningPids().includes(pid)) ? true : undefined,
    );
    await until('the server to answer', ready);
    // Past the supervisor's crash-loop window, a worker's death is a crash to recover from.
    await new Promise((resolve) => setTimeout(resolve, 5_500));

    // A scrape reaches one worker and counts both: 10 requests, whichever worker took each.
    const series =
      'http_request_duration_seconds_count{method="GET",route="/account/creditors",status="401"}';
    const counted = async () => {
      const text = await (
        await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
      ).text();
      return Number(
        text
          .split('\n')
          .find((line) => line.startsWith(`${series} `))
          ?.split(' ')[1] ?? 0,
      );
    };
    for (let i = 0; i < 10; i += 1) await fetch(`${url}/account/creditors`);
    expect(await counted()).toBe(10);
    expect(await counted()).toBe(10);

    process.kill(workers[0]!, 'SIGKILL');
    const answers = await Promise.all(Array.from({ length: 20 }, () => until('an answer', ready, 10_000)));
    expect(answers.every(Boolean)).toBe(true);
    const replaced = await until('a new worker', () => {
      const pids = childrenOf(supervisor);
      return pids.length === 2 && !pids.includes(workers[0]!) ? pids : undefined;
    });
    expect(replaced).toContain(workers[1]);

    const exited = new Promise<number | null>((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(replaced.flatMap((pid) => childrenOf(pid))).toEqual([]);
    for (const pid of replaced) expect(() => process.kill(pid, 0)).toThrow();
    expect(output).not.toMatch(/could not start/);
  },
  120_000,
);

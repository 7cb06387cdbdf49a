/**
 * The two systems under test, each in its own process (one core's worth of Node, like production):
 *  - api:   the production build, `node server/dist/main.js` with NODE_ENV=production (it runs the
 *           migrations at start-up; logs at the production default level go to /dev/null);
 *  - floor: bench/floor-server.mjs, the bare node:http + pg version of the same analysis.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { REPO, SERVER_DIST } from './lib/paths.mjs';
import { sleep } from './lib/stats.mjs';
import { SERVER_NODE_FLAGS } from '../scripts/start.mjs';

const handedOut = new Set();

/** A free port not handed out before (servers started in parallel never share one). */
async function freePort() {
  for (;;) {
    const probe = net.createServer();
    const port = await new Promise((resolve, reject) => {
      probe.once('error', reject);
      probe.listen(0, '127.0.0.1', () => resolve(probe.address().port));
    });
    await new Promise((resolve) => probe.close(resolve));
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
}

/** Resident set size of a process in MiB (Linux /proc). */
export function rssMiB(pid) {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

const CLOCK_TICKS = 100; // getconf CLK_TCK on Linux x86-64

/** CPU time (user + system) a process has used, in ms (Linux /proc). */
export function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

async function waitFor(url, child, stderr, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}: ${stderr.join('').trim()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`not ready after ${timeoutMs / 1000}s: ${stderr.join('').trim()}`);
}

function launch(name, args, env, readyPath) {
  return async () => {
    const port = await freePort();
    const stderr = [];
    const child = spawn(process.execPath, args, {
      cwd: REPO,
      env: { ...process.env, ...env, PORT: String(port) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    // A bench that crashes must not leave its servers running (they did, once, for the rest of a session).
    const orphaned = () => child.kill('SIGKILL');
    process.once('exit', orphaned);
    child.once('exit', () => process.off('exit', orphaned));
    child.stderr.on('data', (chunk) => {
      stderr.push(chunk.toString());
      if (stderr.length > 50) stderr.shift();
    });
    const url = `http://127.0.0.1:${port}`;
    await waitFor(`${url}${readyPath}`, child, stderr);
    return {
      name,
      url,
      pid: child.pid,
      rss: () => rssMiB(child.pid),
      cpu: () => cpuMs(child.pid),
      stderr: () => stderr.join(''),
      exitCode: () => child.exitCode ?? child.signalCode,
      async stop() {
        if (child.exitCode !== null) return;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, sleep(10_000)]);
        if (child.exitCode === null) child.kill('SIGKILL');
      },
    };
  };
}

export function startApi({
  databaseUrl,
  jwtSecret,
  nodeArgs = [],
  env = {},
  main = path.join(SERVER_DIST, 'main.js'),
}) {
  return launch(
    'api',
    // Started as production starts it: with the Node flags of `npm start` and the Dockerfile.
    [...SERVER_NODE_FLAGS, ...nodeArgs, main],
    // REMINDERS=off: a start-up reminder scan over every user would run beside the measurements.
    {
      DATABASE_URL: databaseUrl,
      NODE_ENV: 'production',
      SECRETS_KEY: '5ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2',
      JWT_SECRET: jwtSecret,
      BILLING: 'offline',
      REMINDERS: 'off',
      // Nor a start-up backup of the bench's database.
      BACKUPS: 'off',
      // The analysis goes by hash, as the browser sends it; the statement counts and the write path
      // send documents of their own with a session token, which production refuses.
      TRUSTED_DOCUMENTS: 'off',
      ...env,
    },
    '/readyz',
  )();
}

export function startFloor({ databaseUrl, jwtSecret, nodeArgs = [] }) {
  return launch(
    'floor',
    [...nodeArgs, path.join(REPO, 'bench', 'floor-server.mjs')],
    { DATABASE_URL: databaseUrl, JWT_SECRET: jwtSecret },
    '/healthz',
  )();
}

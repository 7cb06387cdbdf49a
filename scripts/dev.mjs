// `npm run dev`: the API with reload on change (tsx watch) and the Vite dev server, which proxies
// the API paths to it. Ctrl-C stops both.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** True when nothing listens on `port` at 127.0.0.1. */
function portIsFree(port) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** The live process holding the embedded database's lock (server/src/db/data-dir-lock.ts), if any. */
function embeddedDatabaseHolder(dataDir) {
  try {
    const holder = JSON.parse(readFileSync(path.join(dataDir, 'truenet.lock'), 'utf8'));
    process.kill(holder.pid, 0);
    return holder;
  } catch {
    return null;
  }
}

/**
 * Why the API could not start beside what already runs, or null. tsx watch would print the API's
 * own error and wait for a change, while Vite went on serving the page against whatever app
 * holds the port: so nothing starts.
 */
async function whatIsInTheWay(env) {
  const port = Number(env.PORT ?? 4000);
  if (!(await portIsFree(port))) {
    return `port ${port} is in use, most likely by a running \`npm start\`. Stop it (Ctrl+C in its terminal) or run with another PORT.`;
  }
  if (!env.DATABASE_URL) {
    const holder = embeddedDatabaseHolder(path.resolve(env.DATA_DIR ?? path.join(REPO_ROOT, 'data')));
    if (holder) {
      return `the embedded database is in use by process ${holder.pid} (${holder.command}). Stop it first (Ctrl+C in its terminal, or kill ${holder.pid}).`;
    }
  }
  return null;
}

const obstacle = await whatIsInTheWay(process.env);
if (obstacle) {
  console.error(`npm run dev: nothing started: ${obstacle}`);
  process.exit(1);
}

const build = spawnSync('npx', ['tsc', '-b', 'core'], { stdio: 'inherit', cwd: REPO_ROOT });
if (build.status !== 0) process.exit(build.status ?? 1);

const children = [
  spawn(
    'npx',
    ['tsx', 'watch', '--tsconfig', 'server/tsconfig.json', '--clear-screen=false', 'server/src/main.ts'],
    { stdio: 'inherit', cwd: REPO_ROOT },
  ),
  spawn('npm', ['run', 'dev', '-w', 'client'], { stdio: 'inherit', cwd: REPO_ROOT }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());

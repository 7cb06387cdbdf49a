// `npm start`: compile the server (tsc -b skips what is up to date), build the client only when a
// source is newer than the build, then run the server in this process (signals reach it directly).
// `npm run build` uses `--build` (always build); `--build-only` builds what is needed and stops.
//
// The client is always built for production, whatever NODE_ENV the person has set: Vite builds an
// unminified bundle under NODE_ENV=development, and the bundle budgets judge production builds.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The flags every production start gives Node (`npm start` in package.json, the Dockerfile's CMD;
 * start.test.mjs keeps them equal, and the bench starts the API with them). A 32 MiB young
 * generation: with a hundred requests waiting on the database pool at once, V8's default (16 MiB)
 * promoted their short-lived objects to the old generation on every scavenge, and the API spent
 * about 0.57 ms of CPU per analysis at c=100 instead of 0.44 (0.41 at c=20 either way) for 25 MiB
 * more RSS. The flag cannot be set once the process runs: V8 sizes its heap at start-up.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=32'];

/** What the client build is made from; a change to any of them makes the build stale. */
export const CLIENT_SOURCES = [
  'client/src',
  'client/public',
  'client/index.html',
  'client/vite.config.ts',
  'client/build',
  'client/package.json',
  'core/src',
  'package-lock.json',
];

/** The newest modification time under a file or folder (0 when it does not exist). */
export function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** True when client/dist is missing or older than one of its sources. */
export function clientBuildIsStale(root = REPO_ROOT) {
  const built = path.join(root, 'client', 'dist', 'index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return CLIENT_SOURCES.some((source) => newestMtime(path.join(root, source)) > builtAt);
}

/** The environment of the client build: production, whatever the caller's NODE_ENV. */
export function clientBuildEnv(env = process.env) {
  return { ...env, NODE_ENV: 'production' };
}

function run(command, args, env = process.env) {
  const result = spawnSync(command, args, { cwd: REPO_ROOT, stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function buildServer() {
  run(process.execPath, [path.join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-b', 'server']);
}

function buildClient() {
  run(
    process.execPath,
    [path.join(REPO_ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', 'client'],
    clientBuildEnv(),
  );
}

async function main() {
  const mode = process.argv[2];
  buildServer();
  if (mode === '--build' || clientBuildIsStale()) {
    buildClient();
  } else {
    console.log('truenet: the client build is up to date (no source is newer than client/dist)');
  }
  if (mode === '--build' || mode === '--build-only') return;
  await import(pathToFileURL(path.join(REPO_ROOT, 'server', 'dist', 'main.js')).href);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}

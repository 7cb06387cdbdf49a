// `npm start`'s build step (scripts/start.mjs), run for real: the client builds under
// NODE_ENV=development (for production, within its budgets, without Vite's warning about
// /config.js), and a second start with nothing changed builds nothing.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { clientBuildEnv, clientBuildIsStale, REPO_ROOT, SERVER_NODE_FLAGS } from './start.mjs';

function startBuildOnly(env) {
  const result = spawnSync(process.execPath, ['scripts/start.mjs', '--build-only'], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 180_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

test('the client build is stale when missing or older than a source, fresh otherwise', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'truenet-start-'));
  try {
    mkdirSync(path.join(root, 'client', 'src'), { recursive: true });
    mkdirSync(path.join(root, 'core', 'src'), { recursive: true });
    writeFileSync(path.join(root, 'client', 'src', 'main.tsx'), '');
    writeFileSync(path.join(root, 'core', 'src', 'index.ts'), '');
    assert.equal(clientBuildIsStale(root), true, 'no build yet');
    mkdirSync(path.join(root, 'client', 'dist'));
    writeFileSync(path.join(root, 'client', 'dist', 'index.html'), '');
    const past = new Date(Date.now() - 60_000);
    for (const file of [
      'client/src/main.tsx',
      'client/src',
      'client',
      'core/src/index.ts',
      'core/src',
      'core',
    ]) {
      utimesSync(path.join(root, file), past, past);
    }
    assert.equal(clientBuildIsStale(root), false, 'sources older than the build');
    const future = new Date(Date.now() + 60_000);
    utimesSync(path.join(root, 'core', 'src', 'index.ts'), future, future);
    assert.equal(clientBuildIsStale(root), true, 'a core source changed after the build');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('the client is built for production whatever NODE_ENV says', () => {
  assert.equal(clientBuildEnv({ NODE_ENV: 'development', PATH: '/bin' }).NODE_ENV, 'production');
  assert.equal(clientBuildEnv({}).NODE_ENV, 'production');
});

test('NODE_ENV=development npm start builds the client for production, then skips it when nothing changed', () => {
  // A source newer than the build, as after an edit.
  const now = new Date();
  utimesSync(path.join(REPO_ROOT, 'client', 'index.html'), now, now);
  const first = startBuildOnly({ NODE_ENV: 'development' });
  assert.equal(first.status, 0, first.output);
  assert.match(first.output, /TrueNet bundle sizes/);
  assert.doesNotMatch(first.output, /is over budget/);
  assert.doesNotMatch(first.output, /can't be bundled without type="module"/);

  const second = startBuildOnly({ NODE_ENV: 'development' });
  assert.equal(second.status, 0, second.output);
  assert.match(second.output, /client build is up to date/);
  assert.doesNotMatch(second.output, /TrueNet bundle sizes/);
});

test("npm start and the Dockerfile give Node the server's flags", () => {
  const { scripts } = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));
  assert.equal(scripts.start, `node ${SERVER_NODE_FLAGS.join(' ')} scripts/start.mjs`);
  const dockerfile = readFileSync(path.join(REPO_ROOT, 'Dockerfile'), 'utf8');
  const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)?.[1] ?? '[]');
  assert.deepEqual(cmd, ['node', ...SERVER_NODE_FLAGS, 'server/dist/main.js']);
});

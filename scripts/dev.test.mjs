// `npm run dev` beside a running app (scripts/dev.mjs): it starts nothing and says what is in the way.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function runDev(env) {
  const result = spawnSync(process.execPath, ['scripts/dev.mjs'], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_URL: '', ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

test('with the port taken (an app running), npm run dev starts nothing and says why', async () => {
  const app = createServer();
  await new Promise((resolve) => app.listen(0, '127.0.0.1', resolve));
  try {
    const { status, output } = runDev({ PORT: String(app.address().port) });
    assert.equal(status, 1);
    assert.match(output, /nothing started: port \d+ is in use, most likely by a running `npm start`/);
  } finally {
    app.close();
  }
});

test('with the embedded database held by a live process, npm run dev starts nothing and names it', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'truenet-dev-'));
  try {
    const holder = {
      pid: process.pid,
      command: 'npm start: node server/dist/main.js',
      host: 'here',
      startedAt: 'now',
    };
    writeFileSync(path.join(dataDir, 'truenet.lock'), JSON.stringify(holder));
    const { status, output } = runDev({ PORT: '0', DATA_DIR: dataDir });
    assert.equal(status, 1);
    assert.match(output, new RegExp(`in use by process ${process.pid} \\(npm start`));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

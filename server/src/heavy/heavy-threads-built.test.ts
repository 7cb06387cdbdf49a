import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../config';
import { ensureServerBuilt } from '../test/built-server';

/**
 * The heavy threads as production starts them: the built server under `npm start`'s Node flags.
 * A worker refuses V8 flags in its execArgv; passing the server's on refused every thread (found
 * by the soak: every suggestion failed under `npm start`, while every test passed).
 */
it("start under npm start's flags and answer", () => {
  ensureServerBuilt();
  const { scripts } = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const flags = scripts.start.split(' ').filter((word) => word.startsWith('--'));
  expect(flags.length).toBeGreaterThan(0);
  const pool = path.join(REPO_ROOT, 'server', 'dist', 'heavy', 'heavy-pool.js');
  const history = JSON.stringify([['1', '2026-10-03', '-1599', 'NETFLIX.COM', null, null]]);
  const answer = execFileSync(
    process.execPath,
    [
      ...flags,
      '-e',
      `const { runHeavy, closeHeavyPool } = require(${JSON.stringify(pool)});
       runHeavy('recurringSuggestions', { history: ${JSON.stringify(history)}, today: '2026-11-16', plan: [], dismissed: [] })
         .then((streams) => process.stdout.write(JSON.stringify(streams)))
         .finally(() => closeHeavyPool());`,
    ],
    { cwd: REPO_ROOT, encoding: 'utf8', timeout: 60_000 },
  );
  expect(JSON.parse(answer)).toEqual([]);
}, 300_000);

#!/usr/bin/env node
// Runs a command on a busy machine: two CPU-bound processes (BUSY_BURNERS) spin beside it for as
// long as it runs, as on a shared CI runner. The suites must pass here: they wait for conditions,
// never for a time. Usage: node scripts/busy.mjs [-- command args…]; with no command, `npm test`
// and then the journeys.
import { spawn } from 'node:child_process';

const burners = Number(process.env.BUSY_BURNERS ?? 2);
const separator = process.argv.indexOf('--');
const given = separator >= 0 ? process.argv.slice(separator + 1) : process.argv.slice(2);
const commands =
  given.length > 0
    ? [given]
    : [
        ['npm', 'test'],
        ['npm', 'run', 'test:e2e'],
      ];

const spinning = Array.from({ length: burners }, () =>
  spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
);
const stopBurners = () => spinning.forEach((burner) => burner.kill('SIGKILL'));
process.on('exit', stopBurners);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopBurners();
    process.exit(130);
  });
}
console.log(`busy.mjs: ${burners} CPU-bound processes spinning beside the run`);

function run([command, ...args]) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

let status = 0;
for (const command of commands) {
  const started = Date.now();
  status = await run(command);
  console.log(
    `busy.mjs: \`${command.join(' ')}\` exited ${status} after ${Math.round((Date.now() - started) / 1000)} s`,
  );
  if (status !== 0) break;
}
stopBurners();
process.exit(status);

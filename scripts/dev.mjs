// `npm run dev`: the API with reload on change (tsx watch) and the Vite dev server, which proxies
// the API paths to it. Ctrl-C stops both.
import { spawn, spawnSync } from 'node:child_process';

const build = spawnSync('npx', ['tsc', '-b', 'core'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const children = [
  spawn(
    'npx',
    ['tsx', 'watch', '--tsconfig', 'server/tsconfig.json', '--clear-screen=false', 'server/src/main.ts'],
    { stdio: 'inherit' },
  ),
  spawn('npm', ['run', 'dev', '-w', 'client'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());

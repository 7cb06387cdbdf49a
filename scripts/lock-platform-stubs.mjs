// The npm registry reachable here carries only the Linux builds of @swc/core's and jest's
// (unrs-resolver) native packages, so `npm install` leaves the other platforms out of
// package-lock.json and `npm ci` then refuses the lock. This records each missing one with its
// os/cpu (no tarball needed: npm skips a package built for another platform).
// Run after any `npm install` that rewrites the lockfile: node scripts/lock-platform-stubs.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const LOCK = new URL('../package-lock.json', import.meta.url);
const PARENTS = ['node_modules/@swc/core', 'node_modules/unrs-resolver'];
const OSES = ['darwin', 'win32', 'linux', 'android', 'freebsd', 'openharmony'];
const CPUS = ['arm64', 'x64', 'arm', 'ia32', 'ppc64', 's390x', 'loong64', 'riscv64'];

const lock = JSON.parse(readFileSync(LOCK, 'utf8'));
const packages = lock.packages;
let added = 0;
for (const parent of PARENTS) {
  for (const [name, version] of Object.entries(packages[parent]?.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    if (packages[key]) continue;
    const parts = name.split('/').pop().split('-');
    const os = parts.find((part) => OSES.includes(part));
    const cpu = parts.slice(parts.indexOf(os) + 1).find((part) => CPUS.includes(part));
    const stub = { version, cpu: [cpu], dev: true, optional: true, os: [os] };
    if (name.includes('musl')) stub.libc = ['musl'];
    else if (name.includes('gnu') && os === 'linux') stub.libc = ['glibc'];
    packages[key] = stub;
    added += 1;
  }
}
const sorted = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1)),
);
writeFileSync(LOCK, `${JSON.stringify({ ...lock, packages: sorted }, null, 2)}\n`);
console.log(`package-lock.json: ${added} platform entries added`);

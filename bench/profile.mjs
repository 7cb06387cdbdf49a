/**
 * Where the API's CPU goes (on unless BENCH_PROFILE=0): a separate production API process runs under
 * `node --cpu-prof` through one c=20 analysis run; every sample's time is charged to the nearest
 * frame on its stack that belongs to a known layer (Node internals and syscalls are charged to the
 * layer that called them), which splits the process's busy time into layers without double counting.
 * Under a busy machine the profiler also charges time spent waiting for a CPU to the running frame,
 * so read the shares, not the milliseconds.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serverRequire } from './lib/paths.mjs';
import { load } from './load.mjs';
import { startApi } from './servers.mjs';

const LAYERS = [
  [
    'HTTP + Express (helmet, body-parser, cookie-parser, router)',
    /\/node_modules\/(express|router|body-parser|raw-body|cookie-parser|helmet|on-finished|finalhandler|send|serve-static|type-is|content-type|qs|iconv-lite|accepts|negotiator|cookie|vary)\//,
  ],
  [
    'passport-jwt + jsonwebtoken',
    /\/node_modules\/(passport|passport-jwt|passport-strategy|jsonwebtoken|jws|jwa|safe-buffer|buffer-equal-constant-time|ecdsa-sig-formatter|ms|semver)\//,
  ],
  ['Apollo Server + express5 integration', /\/node_modules\/(@apollo|@as-integrations)\//],
  ['graphql-armor', /\/node_modules\/@escape\.tech\//],
  [
    'graphql-js, graphql-jit (parse, validate, execute)',
    /\/node_modules\/(graphql|graphql-jit|@graphql-tools)\//,
  ],
  ['TypeORM', /\/node_modules\/typeorm\//],
  ['pg driver', /\/node_modules\/(pg|pg-protocol|pg-pool|pg-types|postgres-[a-z]+)\//],
  [
    'pino / pino-http logging',
    /\/node_modules\/(pino|pino-http|pino-std-serializers|sonic-boom|@pinojs|fast-redact|quick-format-unescaped|thread-stream)\//,
  ],
  ['core/ (analysis engine)', /\/core\/dist\//],
  ['server/ (services, presenters, resolvers)', /\/server\/dist\//],
];
const OTHER = 'other (Node HTTP server, event loop, garbage collector)';

function layerOf(url) {
  if (!url) return null;
  for (const [name, pattern] of LAYERS) if (pattern.test(url)) return name;
  return null;
}

/**
 * Shares of busy time per layer, and the hottest functions (self time), over the samples of the
 * last `windowSeconds` of the profile.
 */
export function attribute(profile, windowSeconds = Infinity) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const cache = new Map();
  const layerFor = (id) => {
    if (cache.has(id)) return cache.get(id);
    let layer = null;
    for (let current = id; current !== undefined && !layer; current = parent.get(current)) {
      layer = layerOf(nodes.get(current).callFrame.url);
    }
    cache.set(id, layer ?? OTHER);
    return cache.get(id);
  };
  const totals = new Map();
  const hot = new Map();
  let busy = 0;
  const from = profile.endTime - windowSeconds * 1e6;
  let time = profile.startTime;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    time += dt;
    if (time < from || nodes.get(id).callFrame.functionName === '(idle)') return;
    busy += dt;
    const layer = layerFor(id);
    totals.set(layer, (totals.get(layer) ?? 0) + dt);
    const frame = nodes.get(id).callFrame;
    const where = frame.url ? frame.url.split('/').slice(-2).join('/') : '';
    const key = `${frame.functionName || '(anonymous)'} ${where}`.trim() + `\u0000${layer}`;
    hot.set(key, (hot.get(key) ?? 0) + dt);
  });
  return {
    layers: [...totals].map(([layer, us]) => ({ layer, share: us / busy })).sort((a, b) => b.share - a.share),
    hottest: [...hot]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([key, us]) => {
        const [fn, layer] = key.split('\u0000');
        return { function: fn, layer, share: us / busy };
      }),
  };
}

export async function profileApi({ databaseUrl, jwtSecret, requests, seconds = 8 }) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'truenet-prof-'));
  const api = await startApi({ databaseUrl, jwtSecret, nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`] });
  try {
    await load(api, requests, { connections: 20, duration: 3 });
    const run = await load(api, requests, { connections: 20, duration: seconds });
    await api.stop();
    const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
    if (!file) throw new Error('the profiled API wrote no .cpuprofile');
    // Only the measured run: not start-up (migrations, schema) nor the warm-up.
    const split = attribute(JSON.parse(readFileSync(path.join(dir, file), 'utf8')), seconds);
    return { requests: run.ok, ...split };
  } finally {
    await api.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * µs per HS256 access-token verification through the server's jsonwebtoken, with the secret given
 * as a string (what passport-jwt passes on when `secretOrKey` is a string) and as a KeyObject.
 */
export function jwtVerifyCost(runs = 3000) {
  const jwt = serverRequire('jsonwebtoken');
  const { createSecretKey } = serverRequire('node:crypto');
  const secret = 'bench-secret-bench-secret-bench-secret-0123';
  const options = { algorithms: ['HS256'], issuer: 'truenet', audience: 'truenet-api' };
  const token = jwt.sign({ role: 'USER' }, secret, {
    algorithm: 'HS256',
    expiresIn: 900,
    issuer: 'truenet',
    audience: 'truenet-api',
    subject: '1',
  });
  const time = (key) => {
    for (let i = 0; i < 300; i += 1) jwt.verify(token, key, options);
    const started = performance.now();
    for (let i = 0; i < runs; i += 1) jwt.verify(token, key, options);
    return ((performance.now() - started) * 1000) / runs;
  };
  return { stringUs: time(secret), keyObjectUs: time(createSecretKey(Buffer.from(secret))) };
}

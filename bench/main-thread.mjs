/**
 * Where the signed-in dashboard's main-thread time goes (issue #53): one load of `/#/userhome` in
 * Debian's Chromium, unthrottled, with a Chrome trace and a V8 CPU profile. Prints the main thread's
 * tasks of `BENCH_TASK_MS` or more (default 5) with what ran in them, the application's functions on
 * the stack in each, the functions with the most self time, and the blocking time those tasks
 * would make at `BENCH_CPU_SLOWDOWN` (default 10, a low-end phone on this machine).
 *
 * Lighthouse's simulated throttling multiplies each task's time by the CPU slowdown, so a task of
 * 10 ms here is 100 ms of blocked taps on that phone: these are the tasks to split or remove. Its
 * simulation (Lantern's page dependency graph) leaves out the tasks under 10 ms that few others
 * depend on, so the estimate here counts only tasks of 10 ms or more, as Lighthouse's total blocking
 * time does (Lantern keeps a short task that many others depend on; this counts none: an
 * approximation): a task cut below 10 ms stops counting at all. One load swings a lot on a shared
 * machine: compare builds by medians of interleaved loads.
 *
 * Run: `node bench/main-thread.mjs <base URL> <user> <password>` against a running production server
 * (BENCH_APPLY_RATE=10.5 BENCH_TASK_MS=50: as a low-end phone, the long tasks alone;
 * BENCH_TRACE_OUT=file.json keeps the whole Chrome trace, BENCH_PROFILE_OUT the CPU profile).
 */
import { writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { BENCH_PASSWORD } from './sql-count.mjs';

const [baseUrl = 'http://localhost:4000', userName = 'bench1', password = BENCH_PASSWORD] =
  process.argv.slice(2);
const TASK_MS = Number(process.env.BENCH_TASK_MS ?? 5);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/**
 * BENCH_APPLY_RATE: the load runs as the low-end rows run it (the CPU slowed by this rate and
 * Lighthouse's Slow 4G applied), so that the tasks are those a phone meets, at their times.
 */
const APPLIED_RATE = Number(process.env.BENCH_APPLY_RATE ?? 0);
/** Lighthouse's Slow 4G as DevTools applies it (throttlingMethod 'devtools'). */
const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: 184_320, uploadThroughput: 77_760 };
/** The CPU slowdown the blocking time is estimated at: a low-end phone on this machine (bench/README). */
const SLOWDOWN = APPLIED_RATE ? 1 : Number(process.env.BENCH_CPU_SLOWDOWN ?? 10);
/** Lantern's SIGNIFICANT_DUR_THRESHOLD_MS: shorter tasks are pruned from its simulated page. */
const SIMULATED_TASK_MS = 10;

async function refreshCookie() {
  const response = await fetch(`${baseUrl}/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName, userPassword: password }),
  });
  const cookie = response.headers.get('set-cookie')?.split(';')[0];
  if (!response.ok || !cookie) throw new Error(`sign-in as ${userName} answered ${response.status}`);
  const [name, value] = cookie.split('=');
  return { name, value, url: baseUrl };
}

/** The trace events that say what a task spent its time on. */
const TASK_PARTS = new Set([
  'FunctionCall',
  'EvaluateScript',
  'v8.compile',
  'Layout',
  'UpdateLayoutTree',
  'ParseHTML',
  'Paint',
  'MajorGC',
  'MinorGC',
  'TimerFire',
  'FireAnimationFrame',
  'EventDispatch',
  'RunMicrotasks',
]);

/** The renderer main thread's top-level tasks from a trace, each with its biggest parts. */
function longTasks(traceEvents, sinceTs) {
  const main = traceEvents.find(
    (event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain',
  );
  const onMain = traceEvents.filter(
    (event) => event.pid === main?.pid && event.tid === main?.tid && event.ph === 'X' && event.ts >= sinceTs,
  );
  const tasks = onMain.filter((event) => event.name === 'RunTask' && event.dur / 1000 >= TASK_MS);
  return tasks.map((task) => {
    const inside = onMain.filter(
      (event) => event !== task && event.ts >= task.ts && event.ts + event.dur <= task.ts + task.dur,
    );
    const parts = new Map();
    for (const event of inside) {
      if (!TASK_PARTS.has(event.name)) continue;
      const where = event.args?.data?.url?.split('/').pop() ?? event.args?.data?.functionName ?? '';
      const key = `${event.name}${where ? ` ${where}` : ''}`;
      parts.set(key, Math.max(parts.get(key) ?? 0, event.dur / 1000));
    }
    const biggest = [...parts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([key, ms]) => `${key} ${ms.toFixed(1)}`);
    return { atMs: (task.ts - sinceTs) / 1000, ms: task.dur / 1000, biggest };
  });
}

/** Self time per function from a V8 CPU profile. */
function selfTimes(profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  const deltas = profile.timeDeltas;
  for (let i = 0; i < profile.samples.length; i += 1) {
    const node = byId.get(profile.samples[i]);
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    const key = `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber + 1}:${columnNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (deltas[i + 1] ?? 0) / 1000);
  }
  const byScript = new Map();
  for (const [key, ms] of self) {
    const script = key.split(' ').pop().split(':')[0] || key;
    byScript.set(script, (byScript.get(script) ?? 0) + ms);
  }
  return { self, byScript };
}

/** Each sample of a CPU profile with its time and its stack's functions, innermost first. */
function samplesByTime(profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const samples = [];
  let time = profile.startTime;
  for (let i = 0; i < profile.samples.length; i += 1) {
    time += profile.timeDeltas[i];
    const stack = [];
    for (let id = profile.samples[i]; id !== undefined; id = parent.get(id)) {
      const { functionName, url } = byId.get(id).callFrame;
      stack.push(`${functionName || '(anon)'}@${url.split('/').pop().split('-')[0]}`);
    }
    samples.push({ time, stack });
  }
  return samples;
}

/** The application functions (not the framework's) that were on the stack longest in a window. */
function topIn(samples, from, to) {
  const inclusive = new Map();
  let count = 0;
  for (const sample of samples) {
    if (sample.time < from || sample.time > to) continue;
    count += 1;
    for (const frame of new Set(sample.stack)) inclusive.set(frame, (inclusive.get(frame) ?? 0) + 1);
  }
  return [...inclusive]
    .filter(([frame]) => !/@(framework|apollo)?$|^\((program|root|idle|anon)\)/.test(frame))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([frame, n]) => `${frame} ${Math.round((100 * n) / Math.max(1, count))}%`)
    .join(', ');
}

const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ['--no-sandbox'] });
try {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
  await context.addCookies([await refreshCookie()]);
  const page = await context.newPage();
  await page.goto(`${baseUrl}/favicon-32.png`);
  await page.evaluate(() => {
    globalThis.localStorage.setItem('truenet.signedIn', '1');
    globalThis.localStorage.setItem('truenet.firstRunFinished', '1');
  });
  const cdp = await context.newCDPSession(page);
  if (APPLIED_RATE) {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: APPLIED_RATE });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  }
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'toplevel'],
  });
  await cdp.send('Profiler.start');
  await page.goto(`${baseUrl}/#/userhome`);
  // The application's own Analysis: index.html's early numbers show the same hero long before the
  // application has run, but only the application draws the sections below it (or their places).
  await page
    .locator('#dashboard-tabs-tabpane-analysis')
    .locator('.tn-in-turn, .tn-in-turn-place')
    .first()
    .waitFor({ state: 'attached', timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(3000);
  const { profile } = await cdp.send('Profiler.stop');
  const trace = JSON.parse((await browser.stopTracing()).toString());
  const events = trace.traceEvents ?? trace;
  // The trace starts as the dashboard's navigation does: times are from there.
  const since = Math.min(...events.filter((event) => event.ts > 0).map((event) => event.ts));
  const tasks = longTasks(events, since);
  // For a closer look at one load (BENCH_PROFILE_OUT=file.json): the CPU profile, as DevTools reads
  // it, and the long tasks on its clock.
  if (process.env.BENCH_PROFILE_OUT)
    writeFileSync(
      process.env.BENCH_PROFILE_OUT,
      JSON.stringify({ profile, tasks: tasks.map((task) => ({ ...task, ts: since + task.atMs * 1000 })) }),
    );
  // The whole Chrome trace (BENCH_TRACE_OUT=file.json), for DevTools' Performance panel.
  if (process.env.BENCH_TRACE_OUT) writeFileSync(process.env.BENCH_TRACE_OUT, JSON.stringify(trace));
  const sampled = samplesByTime(profile);
  console.log(`Main-thread tasks >= ${TASK_MS} ms from the navigation (at ms, length ms, biggest parts):`);
  for (const task of tasks) {
    console.log(
      `  ${task.atMs.toFixed(0).padStart(6)}  ${task.ms.toFixed(1).padStart(6)}  ${task.biggest.join(' | ')}`,
    );
    const start = since + task.atMs * 1000;
    console.log(`                  ${topIn(sampled, start, start + task.ms * 1000)}`);
  }
  const total = tasks.reduce((sum, task) => sum + task.ms, 0);
  console.log(`  ${tasks.length} tasks, ${total.toFixed(0)} ms in all`);
  const paint = events.find((event) => event.name === 'firstContentfulPaint');
  const fcpMs = paint ? (paint.ts - since) / 1000 : 0;
  const counted = tasks.filter((task) => task.atMs >= fcpMs && task.ms >= SIMULATED_TASK_MS);
  const blocking = counted.reduce((sum, task) => sum + Math.max(0, task.ms * SLOWDOWN - 50), 0);
  console.log(
    `First contentful paint at ${fcpMs.toFixed(0)} ms; after it, ${counted.length} tasks of ` +
      `${SIMULATED_TASK_MS} ms or more (${counted.reduce((sum, task) => sum + task.ms, 0).toFixed(0)} ms) ` +
      `would block taps for ${blocking.toFixed(0)} ms at ×${SLOWDOWN}`,
  );
  const { self, byScript } = selfTimes(profile);
  console.log('Self time by script (ms):');
  for (const [script, ms] of [...byScript].sort((a, b) => b[1] - a[1]).slice(0, 12))
    console.log(`  ${ms.toFixed(1).padStart(7)}  ${script}`);
  console.log('Functions with the most self time (ms):');
  for (const [key, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 40))
    console.log(`  ${ms.toFixed(1).padStart(7)}  ${key}`);
} finally {
  await browser.close();
}

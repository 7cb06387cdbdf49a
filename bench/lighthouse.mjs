/**
 * Lighthouse (issue #20): the production build's public pages, `/` and `/#/commonquestions`, as
 * Lighthouse's mobile defaults see them (an emulated phone, simulated slow 4G and a 4× slower CPU),
 * in Debian's Chromium (CHROME_PATH to use another). Performance, accessibility, best practices and
 * SEO scores, and the largest contentful paint, against the issue's budgets.
 *
 * Run alone: `node bench/lighthouse.mjs <base URL>` (the API server serves the built client).
 */
import { accessSync, constants, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import puppeteer from 'puppeteer-core';

export const LIGHTHOUSE_PAGES = ['/', '/#/commonquestions'];

const CATEGORIES = [
  ['performance', 'performance', 95],
  ['accessibility', 'accessibility', 100],
  ['best-practices', 'best practices', 100],
  ['seo', 'SEO', 95],
];
const LCP_BUDGET_MS = 1800;
const TBT_BUDGET_MS = 150;
/** JS the landing page fetches before the person does anything, as transferred (issue #39). */
const LANDING_JS_BUDGET_KIB = 30;
/** Runs per page; the median run (by performance score) is the one reported. */
const RUNS_PER_PAGE = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** A headless Chromium for Lighthouse to drive. */
function launchChrome() {
  return chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
}

/** The middle run of a page's runs, ordered by `key` (the lower of the two middle ones). */
function medianBy(runs, key) {
  const ordered = [...runs].sort((a, b) => key(a) - key(b));
  return ordered[Math.floor((ordered.length - 1) / 2)];
}

/**
 * Why Lighthouse cannot run on this machine, or null. Checked before anything else is measured: a
 * missing browser used to end the whole run at its last phase, eight minutes in, with no table.
 */
export function browserMissing() {
  try {
    accessSync(CHROME_PATH, constants.X_OK);
    return null;
  } catch {
    return `Lighthouse needs Chromium at ${CHROME_PATH}: install Debian's chromium (apt-get install chromium) or set CHROME_PATH`;
  }
}

/**
 * One page's report. A run Lighthouse itself could not finish (a trace without a paint, seen
 * once in a few dozen runs on a loaded machine) is run again once before it counts as broken.
 */
async function auditPage(port, url, flags = {}) {
  return finished(url, async () => {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES.map(([id]) => id),
      ...flags,
    });
    return result?.lhr;
  });
}

/** `run`'s report, run again once when Lighthouse could not finish it. */
async function finished(label, run) {
  let failure = 'no result';
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const lhr = await run();
    if (lhr && !lhr.runtimeError) return lhr;
    failure = lhr?.runtimeError?.message ?? 'no result';
  }
  throw new Error(`${label}: ${failure}`);
}

/** What one report says of a page: scores out of 100, LCP and TBT in ms, the scripts fetched. */
function summarize(page, lhr) {
  const failing = Object.values(lhr.audits)
    .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
    .map((audit) => audit.id);
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const scriptBytes = requests
    .filter((request) => request.resourceType === 'Script')
    .reduce((total, request) => total + (request.transferSize ?? 0), 0);
  return {
    page,
    scores: Object.fromEntries(
      CATEGORIES.map(([id]) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
    ),
    lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
    tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue),
    scriptKiB: Math.round((scriptBytes / 1024) * 10) / 10,
    // Lighthouse's measure of how fast this machine is at the moment: a busy machine scores lower.
    benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? 0),
    failing,
  };
}

/**
 * RUNS_PER_PAGE Lighthouse runs per page on one headless Chromium; each page's median run by its
 * performance score is kept, with every run's score and benchmark index beside it.
 */
export async function lighthouseRuns(baseUrl, { pages = LIGHTHOUSE_PAGES, flags = {} } = {}) {
  const chrome = await launchChrome();
  try {
    const runs = [];
    for (const page of pages) {
      const tries = [];
      for (let i = 0; i < Math.max(1, RUNS_PER_PAGE); i += 1) {
        tries.push(summarize(page, await auditPage(chrome.port, `${baseUrl}${page}`, flags)));
      }
      const median = medianBy(tries, (run) => run.scores.performance);
      runs.push({
        ...median,
        all: tries.map((run) => ({
          performance: run.scores.performance,
          tbtMs: run.tbtMs,
          benchmarkIndex: run.benchmarkIndex,
        })),
      });
    }
    return runs;
  } finally {
    await chrome.kill();
  }
}

/**
 * A page with a heading and a paragraph, no stylesheet, no script, no image: what Lighthouse counts
 * on it is the browser's own start on this machine (the document, the fonts, the first layout).
 */
const FLOOR_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width,initial-scale=1"><title>Floor</title>' +
  '<meta name="description" content="The floor of a Lighthouse run on this machine."></head>' +
  '<body><h1>Floor</h1><p>Nothing on this page but text, measured as the pages are.</p></body></html>';

/** FLOOR_PAGE served from this process at every path, with `headers` beside its own. */
async function serveFloor(headers = {}) {
  const server = createServer((_request, response) => {
    response.writeHead(200, { ...headers, 'content-type': 'text/html; charset=utf-8' });
    response.end(FLOOR_PAGE);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://localhost:${server.address().port}/`, close: () => server.close() };
}

/** What a floor run says: its score, its blocking time and how fast the machine was. */
function floorRun(lhr) {
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue),
    benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? 0),
  };
}

/**
 * The machine's floor beside the pages: the same Lighthouse, the same number of runs, on
 * FLOOR_PAGE served from this process. The floor's blocking time is what this machine, at this
 * moment, adds to any page's; it is reported beside the budgets, never taken off the pages' figures.
 */
export async function lighthouseFloor() {
  const floor = await serveFloor();
  const chrome = await launchChrome();
  try {
    const tries = [];
    for (let i = 0; i < Math.max(1, RUNS_PER_PAGE); i += 1) {
      tries.push(floorRun(await auditPage(chrome.port, floor.url)));
    }
    return { median: medianBy(tries, (run) => run.tbtMs), all: tries };
  } finally {
    await chrome.kill();
    floor.close();
  }
}

/**
 * `run(port)` once in each of RUNS_PER_PAGE fresh browsers. A browser per run: storage is kept
 * within a run (auditReturning), so the service worker the last run installed would otherwise
 * answer the next one.
 */
async function inFreshBrowsers(run, runs = RUNS_PER_PAGE) {
  const tries = [];
  for (let i = 0; i < Math.max(1, runs); i += 1) {
    const chrome = await launchChrome();
    try {
      tries.push(await run(chrome.port));
    } finally {
      await chrome.kill();
    }
  }
  return tries;
}

/** The dashboard's budgets: the screen people use every day, measured as the landing page is. */
const DASHBOARD_BUDGETS = { performance: 90, accessibility: 100, cls: 0.02 };

/**
 * The audits of a category that did not pass, each with the first element it names: what to mend
 * when the score is below its budget.
 */
function failedAudits(lhr, category) {
  return (lhr.categories[category]?.auditRefs ?? [])
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.score < 1)
    .map((audit) => {
      const item = audit.details?.items?.[0];
      const where = item?.node?.snippet ?? item?.node?.selector ?? '';
      return where ? `${audit.id} (${String(where).slice(0, 80)})` : audit.id;
    });
}

/** A fresh refresh cookie for `credentials` (each refresh rotates it, and a reused one ends the session). */
async function signInCookie(baseUrl, credentials) {
  const response = await fetch(`${baseUrl}/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: credentials.userName, userPassword: credentials.password }),
  });
  const cookie = response.headers.get('set-cookie')?.split(';')[0];
  if (!response.ok || !cookie)
    throw new Error(`dashboard: sign-in as ${credentials.userName} answered ${response.status}`);
  return cookie;
}

/**
 * One Lighthouse run of `url` as a returning person's browser loads it: the hints a signed-in
 * browser keeps (localStorage `truenet.signedIn` and `truenet.firstRunFinished`), written on the
 * origin before the run, which then keeps storage as it is, and `cookie` (the refresh cookie) when
 * there is one. Without the first hint the app treats the browser as a stranger's: it leaves for
 * the sign-in page and comes back once the silent refresh succeeds.
 */
async function auditReturning(port, url, cookie, flags = {}) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = (await browser.pages())[0] ?? (await browser.newPage());
    await page.goto(new URL('/favicon-32.png', url).href);
    // Runs in the page, where localStorage is the origin's. A returning person's browser also
    // remembers that its first run is over (the guide steps aside for good once there is a number).
    await page.evaluate(() => {
      globalThis.localStorage.setItem('truenet.signedIn', '1');
      globalThis.localStorage.setItem('truenet.firstRunFinished', '1');
    });
    const result = await lighthouse(
      url,
      {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
        disableStorageReset: true,
        ...traceFlags,
        ...flags,
      },
      undefined,
      page,
    );
    keepTrace(result);
    return result?.lhr;
  } finally {
    await browser.disconnect();
  }
}

/**
 * BENCH_LIGHTHOUSE_TRACE_DIR: each signed-in run's Chrome trace is kept there, to read in DevTools
 * or with `bench/lighthouse-trace.mjs` (what the long tasks of a run were made of), with the V8
 * sampler's profile in it: it costs the page a little, so the figures of such runs are not the rows'.
 * BENCH_TRACE_CATEGORIES adds Chrome's own (`v8,disabled-by-default-v8.compile`: the main thread's
 * compiling, as V8.CompileCode events).
 */
const TRACE_DIR = process.env.BENCH_LIGHTHOUSE_TRACE_DIR;
const traceFlags = TRACE_DIR
  ? {
      additionalTraceCategories: ['disabled-by-default-v8.cpu_profiler', process.env.BENCH_TRACE_CATEGORIES]
        .filter(Boolean)
        .join(','),
    }
  : {};

function keepTrace(result) {
  const trace = result?.artifacts?.Trace;
  if (!TRACE_DIR || !trace) return;
  mkdirSync(TRACE_DIR, { recursive: true });
  writeFileSync(path.join(TRACE_DIR, `dashboard-${Date.now()}.json`), JSON.stringify(trace));
}

/**
 * One Lighthouse run of the dashboard as a returning person's browser loads it (auditReturning),
 * signed in with a fresh refresh cookie.
 */
function auditDashboard(port, baseUrl, credentials, flags = {}) {
  return finished('dashboard', async () =>
    auditReturning(port, `${baseUrl}/#/userhome`, await signInCookie(baseUrl, credentials), flags),
  );
}

/** What moved in a run, biggest first: each shift's score and the element Lighthouse names. */
function layoutShifts(lhr) {
  return (lhr.audits['layout-shifts']?.details?.items ?? []).map(
    (item) => `${item.score.toFixed(3)} ${item.node?.selector ?? 'an element it could not name'}`,
  );
}

/**
 * Lighthouse on the signed-in dashboard (`/#/userhome`), mobile defaults, median of the runs, as a
 * returning person's browser loads it (auditDashboard): the page's silent refresh signs it in, and
 * the dashboard loads its first screen.
 */
export async function dashboardLighthouseRuns(baseUrl, credentials, { flags = {} } = {}) {
  const tries = await inFreshBrowsers(async (port) => {
    const lhr = await auditDashboard(port, baseUrl, credentials, flags);
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
      tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue),
      cls: lhr.audits['cumulative-layout-shift'].numericValue,
      shifted: layoutShifts(lhr),
      benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? 0),
      signedIn: !/Login to your account/.test(JSON.stringify(lhr.audits['final-screenshot'] ?? {})),
      failedAccessibility: failedAudits(lhr, 'accessibility'),
    };
  });
  return { median: medianBy(tries, (run) => run.performance), all: tries };
}

/**
 * Chrome DevTools' calibration of a low-tier phone (a Moto G4 Power class): the benchmarkIndex its
 * "low-tier mobile" preset aims for. A Pixel 5 scores about 1,000, the bench's machines 1,100-2,700.
 */
export const LOW_END_PHONE_INDEX = 264;
const LOW_END_BUDGETS = { landing: 95, dashboard: 90, tbtMs: 300, lcpMs: 2500 };
/** Runs per low-end row, each in a fresh browser; the median is reported (DESIGN: 5). */
const LOW_END_RUNS = Number(
  process.env.BENCH_LOW_END_RUNS ?? (process.env.BENCH_LIGHTHOUSE_RUNS === '1' ? 1 : 5),
);
/** Lighthouse's own slowest default; the calibration never goes below it. */
const MIN_RATE = 4;
const MAX_RATE = 40;

/**
 * The CPU throttling rate that makes this machine a low-end phone, found as Chrome DevTools finds
 * it: Emulation.setCPUThrottlingRate is bisected until the browser's own benchmarkIndex (Lighthouse's
 * page function), computed under that rate, reads LOW_END_PHONE_INDEX. The index does not fall in
 * proportion to the rate, so host index / 264 is not the rate. Each reading is the median of three.
 */
export async function calibrateLowEndRate({ target = LOW_END_PHONE_INDEX, steps = 7 } = {}) {
  const chrome = await launchChrome();
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  try {
    const page = await browser.newPage();
    const cdp = await page.createCDPSession();
    const benchmark = `(${pageFunctions.computeBenchmarkIndex.toString()})()`;
    const indexAt = async (rate) => {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      const readings = [];
      for (let i = 0; i < 3; i += 1) readings.push(await page.evaluate(benchmark));
      return readings.sort((a, b) => a - b)[1];
    };
    const hostIndex = await indexAt(1);
    const readings = [];
    let [low, high] = [MIN_RATE, MAX_RATE];
    const atMin = await indexAt(MIN_RATE);
    readings.push({ rate: MIN_RATE, index: atMin });
    if (atMin <= target) return { rate: MIN_RATE, hostIndex, index: atMin, readings };
    for (let step = 0; step < steps; step += 1) {
      const rate = Math.round(((low + high) / 2) * 10) / 10;
      const index = await indexAt(rate);
      readings.push({ rate, index });
      if (index > target) low = rate;
      else high = rate;
    }
    const rate = Math.round(((low + high) / 2) * 10) / 10;
    const index = await indexAt(rate);
    readings.push({ rate, index });
    return { rate, hostIndex, index, readings };
  } finally {
    await browser.disconnect();
    await chrome.kill();
  }
}

/**
 * Lighthouse mobile with *applied* throttling at `rate`: the CPU really slowed and Slow 4G applied
 * by DevTools, so a task before the first paint stays before it and a 5 ms slice stays 5 ms.
 */
export const lowEndFlags = (rate) => ({
  throttlingMethod: 'devtools',
  throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: rate },
});

/** A run's figures: score, blocking time, LCP, and its three longest main-thread tasks. */
/** The element Lighthouse names as the largest contentful paint, by its selector and text. */
function lcpElementOf(lhr) {
  const items = lhr.audits['largest-contentful-paint-element']?.details?.items ?? [];
  const node = items.flatMap((item) => item.items ?? []).find((row) => row.node)?.node;
  if (!node) return 'unknown';
  const text = String(node.nodeLabel ?? '').slice(0, 40);
  return `${node.selector ?? node.snippet}${text ? ` "${text}"` : ''}`;
}

function lowEndRun(lhr) {
  const all = (lhr.audits['long-tasks']?.details?.items ?? []).map((task) => ({
    ms: Math.round(task.duration),
    at: Math.round(task.startTime),
    what: String(task.url ?? '').replace(/^https?:\/\/[^/]+/, '') || 'unattributed',
  }));
  const tasks = [...all].sort((a, b) => b.ms - a.ms).slice(0, 3);
  // What blocks after the first paint, in order: where the blocking time comes from.
  const fcp = lhr.audits['first-contentful-paint']?.numericValue ?? 0;
  const afterFirstPaint = all
    .filter((task) => task.at >= fcp)
    .sort((a, b) => a.at - b.at)
    .map((task) => `${task.ms}@${task.at}`);
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue),
    lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
    lcpElement: lcpElementOf(lhr),
    longestTasks: tasks,
    afterFirstPaint,
  };
}

/**
 * One low-end run of a returning person's dashboard at `rate`, in a fresh browser: the unit that
 * bench/low-end-ab.mjs interleaves between two builds.
 */
export async function lowEndDashboardRun(baseUrl, credentials, rate) {
  const [run] = await inFreshBrowsers(
    async (port) => lowEndRun(await auditDashboard(port, baseUrl, credentials, lowEndFlags(rate))),
    1,
  );
  return run;
}

/** The median run of `runs` by blocking time, with every run beside it. */
function lowEndMedian(runs) {
  return { median: medianBy(runs, (run) => run.tbtMs), all: runs };
}

/** Headers that describe an answer's body, not the app: the floor page sends its own. */
const BODY_HEADERS = new Set([
  'accept-ranges',
  'cache-control',
  'connection',
  'content-encoding',
  'content-length',
  'content-type',
  'date',
  'etag',
  'keep-alive',
  'last-modified',
  'transfer-encoding',
  'vary',
]);

/**
 * The low-end rows' floor: FLOOR_PAGE with the app's own response headers (the opener policy
 * among them), loaded as the dashboard is, with the same applied throttling. It should sit near 0:
 * what it shows, every page carries.
 */
export async function lowEndFloorRuns(appUrl, rate) {
  const answer = await fetch(`${appUrl}/`);
  await answer.body?.cancel();
  const floor = await serveFloor(
    Object.fromEntries([...answer.headers].filter(([name]) => !BODY_HEADERS.has(name))),
  );
  try {
    const tries = await inFreshBrowsers(
      async (port) =>
        lowEndRun(await finished('floor', () => auditReturning(port, floor.url, null, lowEndFlags(rate)))),
      LOW_END_RUNS,
    );
    return lowEndMedian(tries);
  } finally {
    floor.close();
  }
}

/**
 * DESIGN's low-end phone: the rate calibrated on this machine, then the floor, the landing page and
 * a returning person's dashboard, each LOW_END_RUNS times in fresh browsers with applied throttling.
 */
export async function lowEndRuns(baseUrl, credentials) {
  const calibration = await calibrateLowEndRate();
  const flags = lowEndFlags(calibration.rate);
  const floor = await lowEndFloorRuns(baseUrl, calibration.rate).catch((error) => ({ error: error.message }));
  const landing = lowEndMedian(
    await inFreshBrowsers(
      async (port) => lowEndRun(await auditPage(port, `${baseUrl}/`, flags)),
      LOW_END_RUNS,
    ),
  );
  const dashboard = lowEndMedian(
    await inFreshBrowsers(
      async (port) => lowEndRun(await auditDashboard(port, baseUrl, credentials, flags)),
      LOW_END_RUNS,
    ),
  );
  return { calibration, floor, landing, dashboard, person: credentials.userName };
}

const describeTasks = (tasks) =>
  tasks.length ? tasks.map((task) => `${task.ms} ms at ${task.at} ms (${task.what})`).join(', ') : 'none';

export function tabulateLowEnd(report, result) {
  if (!result) return;
  const { calibration, floor, landing, dashboard, person } = result;
  report.section(
    `Lighthouse as a low-end phone: CPU ×${calibration.rate} (benchmarkIndex ${calibration.index} under it, ` +
      `${calibration.hostIndex} unthrottled; target ${LOW_END_PHONE_INDEX}), applied Slow 4G, median of ${dashboard.all.length}; ` +
      `the dashboard of ${person} (three wallets, two pay sources, the bills nearest a dozen, a year of history)`,
  );
  report.add(
    'low-end CPU rate (calibrated; never below ×4)',
    `×${calibration.rate} (benchmarkIndex ${calibration.index} under it)`,
    'INFO',
    undefined,
    'low-end-rate',
  );
  if (floor?.error) report.note(`Low-end floor not measured: ${floor.error}`);
  else {
    report.add(
      "low-end floor: a text-only page with the app's headers, TBT",
      `${floor.median.tbtMs} ms`,
      'INFO',
      undefined,
      'low-end-floor-tbt',
    );
  }
  const rows = [
    ['/', landing, LOW_END_BUDGETS.landing, 'landing'],
    ['/#/userhome', dashboard, LOW_END_BUDGETS.dashboard, 'dashboard'],
  ];
  for (const [page, { median }, scoreBudget, id] of rows) {
    report.add(
      `${page} performance (low-end phone)`,
      String(median.performance),
      `>= ${scoreBudget}`,
      median.performance >= scoreBudget,
      `low-end-${id}-score`,
    );
    report.add(
      `${page} total blocking time (low-end phone)`,
      `${median.tbtMs} ms`,
      id === 'dashboard' ? `<= ${LOW_END_BUDGETS.tbtMs} ms` : 'INFO',
      id === 'dashboard' ? median.tbtMs <= LOW_END_BUDGETS.tbtMs : undefined,
      `low-end-${id}-tbt`,
    );
    report.add(
      `${page} largest contentful paint (low-end phone)`,
      `${(median.lcpMs / 1000).toFixed(2)} s`,
      id === 'dashboard' ? `<= ${LOW_END_BUDGETS.lcpMs / 1000} s` : 'INFO',
      id === 'dashboard' ? median.lcpMs <= LOW_END_BUDGETS.lcpMs : undefined,
      `low-end-${id}-lcp`,
    );
    report.note(`Low-end ${page}: longest tasks of the median run: ${describeTasks(median.longestTasks)}.`);
    if (median.afterFirstPaint?.length)
      report.note(
        `Low-end ${page}: the median run's long tasks after the first paint (ms@start): ${median.afterFirstPaint.join(' ')}.`,
      );
  }
  const runs = (result) =>
    result.all.map((r) => `${r.performance}/${r.tbtMs} ms/LCP ${(r.lcpMs / 1000).toFixed(2)} s`).join(', ');
  report.note(
    `Low-end phone (×${calibration.rate}; bisection ${calibration.readings.map((r) => `×${r.rate}→${r.index}`).join(', ')}): ` +
      `/ runs ${runs(landing)}; /#/userhome runs ${runs(dashboard)}` +
      (floor?.error ? '.' : `; floor runs ${floor.all.map((r) => `${r.tbtMs} ms`).join(', ')}.`),
  );
}

export function tabulateDashboardLighthouse(report, result) {
  if (!result) return;
  const { median, all } = result;
  report.section('Lighthouse on the signed-in dashboard, mobile defaults, production build');
  report.add(
    '/#/userhome performance',
    String(median.performance),
    `>= ${DASHBOARD_BUDGETS.performance}`,
    median.performance >= DASHBOARD_BUDGETS.performance,
  );
  report.add(
    '/#/userhome accessibility',
    String(median.accessibility),
    String(DASHBOARD_BUDGETS.accessibility),
    median.accessibility >= DASHBOARD_BUDGETS.accessibility,
  );
  // The largest of the runs, not the median run's: a load that jumped is not to be outvoted.
  const cls = Math.max(...all.map((run) => run.cls));
  report.add(
    '/#/userhome layout shift (CLS)',
    cls.toFixed(3),
    `<= ${DASHBOARD_BUDGETS.cls}`,
    cls <= DASHBOARD_BUDGETS.cls,
  );
  report.add(
    '/#/userhome LCP / TBT',
    `${(median.lcpMs / 1000).toFixed(2)} s / ${median.tbtMs} ms`,
    '',
    undefined,
  );
  report.note(
    `Lighthouse /#/userhome: each run's performance, TBT and benchmarkIndex: ` +
      `${all.map((r) => `${r.performance}/${r.tbtMs} ms/${r.benchmarkIndex}`).join(', ')}.`,
  );
  const jumped = all.find((run) => run.cls === cls);
  if (jumped?.shifted.length)
    report.note(`Lighthouse /#/userhome: what moved as it loaded: ${jumped.shifted.join('; ')}.`);
  const failing = [...new Set(all.flatMap((r) => r.failedAccessibility))];
  if (failing.length > 0)
    report.note(`Lighthouse /#/userhome accessibility audits not passed: ${failing.join('; ')}.`);
}

export function tabulateLighthouse(report, runs, floor) {
  report.section(
    'Lighthouse, mobile defaults (simulated slow 4G, 4× CPU), production build, Debian Chromium',
  );
  if (floor) {
    report.add('machine floor: a text-only page, TBT', `${floor.median.tbtMs} ms`, '', undefined);
    report.note(
      `Lighthouse on a text-only page (the machine's floor, not taken off the pages' figures): ` +
        `each run's performance, TBT and benchmarkIndex: ` +
        `${floor.all.map((r) => `${r.performance}/${r.tbtMs} ms/${r.benchmarkIndex}`).join(', ')}.`,
    );
  }
  for (const run of runs) {
    for (const [id, label, budget] of CATEGORIES) {
      const score = run.scores[id];
      report.add(
        `${run.page} ${label}`,
        String(score),
        budget === 100 ? '100' : `>= ${budget}`,
        score >= budget,
      );
    }
    report.add(
      `${run.page} largest contentful paint`,
      `${(run.lcpMs / 1000).toFixed(2)} s`,
      `<= ${LCP_BUDGET_MS / 1000} s`,
      run.lcpMs <= LCP_BUDGET_MS,
    );
    report.add(
      `${run.page} total blocking time`,
      `${run.tbtMs} ms`,
      `<= ${TBT_BUDGET_MS} ms`,
      run.tbtMs <= TBT_BUDGET_MS,
    );
    if (run.page === '/') {
      report.add(
        '/ JS fetched before any action',
        `${run.scriptKiB} KiB`,
        `<= ${LANDING_JS_BUDGET_KIB} KiB`,
        run.scriptKiB <= LANDING_JS_BUDGET_KIB,
      );
    }
    if (run.all?.length > 1) {
      report.note(
        `Lighthouse ${run.page}: median of ${run.all.length} runs; each run's performance, TBT and ` +
          `benchmarkIndex: ${run.all.map((r) => `${r.performance}/${r.tbtMs} ms/${r.benchmarkIndex}`).join(', ')}.`,
      );
    }
    if (run.failing.length)
      report.note(`Lighthouse ${run.page}: audits not passed: ${run.failing.join(', ')}.`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const base = process.argv[2] ?? 'http://localhost:3000';
  const runs = await lighthouseRuns(base);
  console.log(JSON.stringify({ floor: await lighthouseFloor(), runs }, null, 2));
  // `node bench/lighthouse.mjs <base URL> <user> <password>`: the signed-in dashboard too.
  if (process.argv[3] && process.argv[4]) {
    const dashboard = await dashboardLighthouseRuns(base, {
      userName: process.argv[3],
      password: process.argv[4],
    });
    console.log(JSON.stringify(dashboard, null, 2));
    const credentials = { userName: process.argv[3], password: process.argv[4] };
    console.log(JSON.stringify(await lowEndRuns(base, credentials), null, 2));
  }
}

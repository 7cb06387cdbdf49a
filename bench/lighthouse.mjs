/**
 * Lighthouse (issue #20): the production build's public pages, `/` and `/#/commonquestions`, as
 * Lighthouse's mobile defaults see them (an emulated phone, simulated slow 4G and a 4× slower CPU),
 * in Debian's Chromium (CHROME_PATH to use another). Performance, accessibility, best practices and
 * SEO scores, and the largest contentful paint, against the issue's budgets.
 *
 * Run alone: `node bench/lighthouse.mjs <base URL>` (the API server serves the built client).
 */
import { accessSync, constants } from 'node:fs';
import { createServer } from 'node:http';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
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
async function inFreshBrowsers(run) {
  const tries = [];
  for (let i = 0; i < Math.max(1, RUNS_PER_PAGE); i += 1) {
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
 * One Lighthouse run of `url` as a returning person's browser loads it: the hint a signed-in
 * browser keeps (localStorage `truenet.signedIn`), written on the origin before the run, which then
 * keeps storage as it is, and `cookie` (the refresh cookie) when there is one. Without the hint the
 * app treats the browser as a stranger's: it leaves for the sign-in page and comes back once the
 * silent refresh succeeds.
 */
async function auditReturning(port, url, cookie, flags = {}) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = (await browser.pages())[0] ?? (await browser.newPage());
    await page.goto(new URL('/favicon.svg', url).href);
    // Runs in the page, where localStorage is the origin's.
    await page.evaluate(() => globalThis.localStorage.setItem('truenet.signedIn', '1'));
    const result = await lighthouse(
      url,
      {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
        disableStorageReset: true,
        ...flags,
      },
      undefined,
      page,
    );
    return result?.lhr;
  } finally {
    await browser.disconnect();
  }
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
 * Chrome DevTools' calibration of a low-tier phone (a Moto G4 Power) in Lighthouse's
 * benchmarkIndex; a Pixel 5 scores about 1,000, the bench's machines 1,100-2,700.
 */
export const LOW_END_PHONE_INDEX = 264;
const LOW_END_BUDGETS = { landing: 95, dashboard: 90, tbtMs: 300, lcpMs: 2500 };

/**
 * The CPU slowdown that makes this machine a low-end phone: its benchmarkIndex (the median of the
 * floor's runs just before) over the phone's. Never below Lighthouse's own default of 4.
 */
export function lowEndSlowdown(benchmarkIndexes) {
  const measured = [...benchmarkIndexes].filter((index) => index > 0).sort((a, b) => a - b);
  const index = measured[Math.floor((measured.length - 1) / 2)] ?? 0;
  return {
    benchmarkIndex: index,
    multiplier: Math.max(4, Math.round((index / LOW_END_PHONE_INDEX) * 10) / 10),
  };
}

/** Lighthouse's mobile settings with the CPU slowed down `multiplier` times (simulated slow 4G kept). */
export const lowEndFlags = (multiplier) => ({ throttling: { cpuSlowdownMultiplier: multiplier } });

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
 * The low-end rows' floor: FLOOR_PAGE with the app's own response headers, loaded as the dashboard
 * is (auditReturning, a browser per run) at the low-end slowdown. The headers matter: the opener
 * policy (COOP) puts the page in a browsing context group of its own, and Lighthouse's simulation
 * counts setting it up as blocking time after the first paint, though the page is not yet on
 * screen. The dashboard's blocking time includes this floor (bench/README).
 */
export async function lowEndFloorRuns(appUrl, slowdown) {
  const answer = await fetch(`${appUrl}/`);
  await answer.body?.cancel();
  const floor = await serveFloor(
    Object.fromEntries([...answer.headers].filter(([name]) => !BODY_HEADERS.has(name))),
  );
  try {
    const tries = await inFreshBrowsers(async (port) =>
      floorRun(
        await finished('floor', () =>
          auditReturning(port, floor.url, null, lowEndFlags(slowdown.multiplier)),
        ),
      ),
    );
    return { median: medianBy(tries, (run) => run.tbtMs), all: tries };
  } finally {
    floor.close();
  }
}

/**
 * The landing page and the signed-in dashboard as a low-end phone runs them (DESIGN's measure):
 * Lighthouse mobile with the CPU slowdown of lowEndSlowdown, median of the runs.
 */
export async function lowEndRuns(baseUrl, credentials, slowdown) {
  const flags = lowEndFlags(slowdown.multiplier);
  const [landing] = await lighthouseRuns(baseUrl, { pages: ['/'], flags });
  const dashboard = await dashboardLighthouseRuns(baseUrl, credentials, { flags });
  const floor = await lowEndFloorRuns(baseUrl, slowdown).catch((error) => ({ error: error.message }));
  return { slowdown, landing, dashboard, floor };
}

export function tabulateLowEnd(report, result) {
  if (!result) return;
  const { slowdown, landing, dashboard, floor } = result;
  report.section(
    `Lighthouse as a low-end phone: CPU ×${slowdown.multiplier} (this machine's benchmarkIndex ` +
      `${slowdown.benchmarkIndex} / ${LOW_END_PHONE_INDEX}), simulated slow 4G`,
  );
  report.add(
    '/ performance (low-end phone)',
    String(landing.scores.performance),
    `>= ${LOW_END_BUDGETS.landing}`,
    landing.scores.performance >= LOW_END_BUDGETS.landing,
  );
  const { median } = dashboard;
  report.add(
    '/#/userhome performance (low-end phone)',
    String(median.performance),
    `>= ${LOW_END_BUDGETS.dashboard}`,
    median.performance >= LOW_END_BUDGETS.dashboard,
  );
  report.add(
    '/#/userhome total blocking time (low-end phone)',
    `${median.tbtMs} ms`,
    `<= ${LOW_END_BUDGETS.tbtMs} ms`,
    median.tbtMs <= LOW_END_BUDGETS.tbtMs,
  );
  report.add(
    '/#/userhome largest contentful paint (low-end phone)',
    `${(median.lcpMs / 1000).toFixed(2)} s`,
    `<= ${LOW_END_BUDGETS.lcpMs / 1000} s`,
    median.lcpMs <= LOW_END_BUDGETS.lcpMs,
  );
  report.note(
    `Low-end phone (×${slowdown.multiplier}): / runs ${(landing.all ?? []).map((r) => `${r.performance}/${r.tbtMs} ms`).join(', ')}; ` +
      `/#/userhome runs ${dashboard.all.map((r) => `${r.performance}/${r.tbtMs} ms/LCP ${(r.lcpMs / 1000).toFixed(2)} s`).join(', ')}.`,
  );
  if (floor?.error) report.note(`Low-end floor not measured: ${floor.error}`);
  else if (floor) {
    report.add(
      "low-end floor: a text-only page with the app's headers, TBT",
      `${floor.median.tbtMs} ms`,
      '',
      undefined,
    );
    report.note(
      `Low-end floor (×${slowdown.multiplier}): a text-only page with the app's response headers, loaded as the ` +
        `dashboard is; runs ${floor.all.map((r) => `${r.performance}/${r.tbtMs} ms/${r.benchmarkIndex}`).join(', ')}. ` +
        `The dashboard's blocking time includes it` +
        (floor.median.tbtMs >= LOW_END_BUDGETS.tbtMs
          ? `: at ${floor.median.tbtMs} ms it leaves no room under the ${LOW_END_BUDGETS.tbtMs} ms budget on this machine.`
          : '.'),
    );
  }
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
    const slowdown = lowEndSlowdown(dashboard.all.map((run) => run.benchmarkIndex));
    const credentials = { userName: process.argv[3], password: process.argv[4] };
    console.log(JSON.stringify(await lowEndRuns(base, credentials, slowdown), null, 2));
  }
}

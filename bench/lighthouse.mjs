/**
 * Lighthouse (issue #20): the production build's public pages, `/` and `/#/commonquestions`, as
 * Lighthouse's mobile defaults see them (an emulated phone, simulated slow 4G and a 4× slower CPU),
 * in Debian's Chromium (CHROME_PATH to use another). Performance, accessibility, best practices and
 * SEO scores, and the largest contentful paint, against the budgets.
 *
 * Run alone: `node bench/lighthouse.mjs <base URL>` (the API server serves the built client).
 */
import { accessSync, constants } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export const LIGHTHOUSE_PAGES = ['/', '/#/commonquestions'];

const CATEGORIES = [
  ['performance', 'performance', 95],
  ['accessibility', 'accessibility', 100],
  ['best-practices', 'best practices', 100],
  ['seo', 'SEO', 95],
];
const LCP_BUDGET_MS = 1800;
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

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
async function auditPage(port, url) {
  let failure = 'no result';
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES.map(([id]) => id),
    });
    const lhr = result?.lhr;
    if (lhr && !lhr.runtimeError) return lhr;
    failure = lhr?.runtimeError?.message ?? 'no result';
  }
  throw new Error(`${url}: ${failure}`);
}

/** One Lighthouse run per page on one headless Chromium; scores out of 100, LCP in ms. */
export async function lighthouseRuns(baseUrl) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const runs = [];
    for (const page of LIGHTHOUSE_PAGES) {
      const lhr = await auditPage(chrome.port, `${baseUrl}${page}`);
      const failing = Object.values(lhr.audits)
        .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
        .map((audit) => audit.id);
      runs.push({
        page,
        scores: Object.fromEntries(
          CATEGORIES.map(([id]) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
        ),
        lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
        failing,
      });
    }
    return runs;
  } finally {
    await chrome.kill();
  }
}

export function tabulateLighthouse(report, runs) {
  report.section(
    'Lighthouse, mobile defaults (simulated slow 4G, 4× CPU), production build, Debian Chromium',
  );
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
    if (run.failing.length)
      report.note(`Lighthouse ${run.page}: audits not passed: ${run.failing.join(', ')}.`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const runs = await lighthouseRuns(process.argv[2] ?? 'http://localhost:3000');
  console.log(JSON.stringify(runs, null, 2));
}

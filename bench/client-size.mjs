/**
 * Client: gzipped size of the built client (client/dist), by the method of the client's own
 * budget plugin (client/vite.config.ts): the application entry's JS is the entry chunk plus
 * every chunk it imports statically, transitively (what a sign-in starts; the public pages fetch
 * none of it until a person leaves them); the whole app is every JS chunk; gzip at
 * zlib's default level. CSS: every stylesheet (whole app), and what the landing page gets: the
 * rules inlined in index.html and any stylesheet it links outside <noscript> (none since the
 * whole stylesheet is fetched with the application's code).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { CLIENT_DIST } from './lib/paths.mjs';

const KIB = 1024;
/**
 * The entry's 120 KiB is also the dashboard's JS before its first interaction (DESIGN's budget): the
 * entry draws the dashboard's frame with the numbers the head script drew, and answers every tap on
 * it (client/vite.config.ts keeps that frame in the entry; journey 19 holds the dashboard's own code
 * back and taps). The first screen drawn whole (Apollo Client, the documents, the page) is a
 * ceiling of its own, so that it grows only on purpose.
 */
export const CLIENT_BUDGETS_KIB = { entryJs: 120, dashboardJs: 205, totalJs: 272, css: 25 };

const STATIC_IMPORT = /(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{},\s]*?\s*from\s*)?["']\.\/([^"']+\.js)["']/g;

export function clientSizes(dist = CLIENT_DIST) {
  const assets = path.join(dist, 'assets');
  if (!existsSync(assets)) throw new Error(`${assets} is missing: run npm run build -w client`);
  const files = readdirSync(assets);
  const read = (name) => readFileSync(path.join(assets, name));
  const gz = (name) => gzipSync(read(name)).length;
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');

  // A module script tag, or (prerendered page) the inline script that starts the application's
  // entry (client/build/prerender.ts: `var entry="/assets/…"`). On the public pages the entry is
  // fetched only when the person leaves them: this row weighs the application a sign-in starts;
  // what the landing page itself fetches is Lighthouse's row.
  const entries = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="\/assets\/([^"]+\.js)"/g),
    ...html.matchAll(/\.src="\/assets\/([^"]+\.js)"/g),
    ...html.matchAll(/var entry="\/assets\/([^"]+\.js)"/g),
  ].map((m) => m[1]);
  if (entries.length === 0) throw new Error('client/dist/index.html starts no entry script');
  /** Adds `name` and every chunk it imports statically, transitively, to `into`. */
  const visit = (name, into) => {
    if (into.has(name) || !files.includes(name)) return;
    into.add(name);
    for (const match of read(name).toString('utf8').matchAll(STATIC_IMPORT)) visit(match[1], into);
  };
  const entryFiles = new Set();
  for (const entry of entries) visit(entry, entryFiles);

  // The dashboard's own code, which index.html's boot script asks for beside the entry in a browser
  // opened on it (client/build/prerender.ts: `var dashboard=[…]`): with the entry's, what a phone
  // downloads, compiles and runs before the dashboard draws its first screen itself.
  const dashboardScripts = /var dashboard=(\[[^\]]*\])/.exec(html)?.[1];
  if (!dashboardScripts) throw new Error('client/dist/index.html names no dashboard code');
  const dashboardFiles = new Set(entryFiles);
  for (const script of JSON.parse(dashboardScripts)) visit(path.basename(script), dashboardFiles);

  const js = files.filter((name) => name.endsWith('.js'));
  const css = files.filter((name) => name.endsWith('.css'));
  const withScript = html.replace(/<noscript>[\s\S]*?<\/noscript>/g, '');
  const landingCss = [
    ...new Set(
      [...withScript.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="\/assets\/([^"]+\.css)"/g)].map(
        (m) => m[1],
      ),
    ),
  ];
  const inlinedCss = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('');
  const sum = (names) => names.reduce((total, name) => total + gz(name), 0) / KIB;
  return {
    entryJsKiB: sum([...entryFiles]),
    dashboardJsKiB: sum([...dashboardFiles]),
    dashboardJsFiles: dashboardFiles.size,
    entryJsFiles: entryFiles.size,
    totalJsKiB: sum(js),
    totalJsFiles: js.length,
    cssKiB: sum(css),
    cssFiles: css.length,
    landingCssKiB: sum(landingCss) + gzipSync(inlinedCss).length / KIB,
    largestJs: js
      .map((name) => ({ name, kib: gz(name) / KIB }))
      .sort((a, b) => b.kib - a.kib)
      .slice(0, 3),
  };
}

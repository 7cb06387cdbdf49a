import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import Beasties from 'beasties';
import { inlineCriticalCss } from './criticalCss.ts';
import { withCssSample, withoutCssSample } from './cssSample.ts';
import { answerFrameTabs, WANTED_TAB_KEY } from '../src/features/dashboard/wantedTab.ts';
import { pathToFileURL } from 'node:url';
import { build, type Alias, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { loadAnalytics } from '../src/app/analytics.ts';
import {
  DASHBOARD_CODE_MODULES,
  DASHBOARD_FRAME_BUILD_DATE,
  DASHBOARD_FRAME_TEMPLATE_ID,
  localDisplayDate,
  PRERENDERED_ATTRIBUTE,
  PRERENDERED_ROUTES,
  prerenderedTemplateId,
  PUBLIC_SLIDE_INTERVAL_MS,
  routeOfHash,
  SIGNED_IN_HINT_KEY,
} from '../src/app/prerendered.ts';
import { bindPublicWidgets, runPublicPages } from '../src/app/publicPages.ts';
import { registerServiceWorkerWhenSettled, SERVICE_WORKER_SETTLING } from '../src/app/serviceWorker.ts';
import {
  EARLY_FIRST_SCREEN_KEY,
  EARLY_REFRESH_KEY,
  GRAPHQL_PATH,
  graphQLRequestInit,
  THEN_QUERY_EXTENSION,
  withThenQuery,
} from '../src/app/session/graphQLRequest.ts';
import { RefreshSessionDocument } from '../src/app/session/sessionDocuments.ts';
// The generated document itself (its hash), here at build time: the bundle never carries it whole.
import { DashboardFirstScreenDocument } from '../src/gql/graphql.ts';
import { HOUSEHOLD_HEADER, TAB_HOUSEHOLD_KEY } from '../src/app/session/tabHousehold.ts';
import { FRAME_READY_KEY, PAGE_FRAME_ATTRIBUTE } from '../src/features/dashboard/earlyFrameOnPage.ts';
import { browserTimeZone } from '../src/kit/dates.ts';
import { routeCode, type RouteCode } from './routeCode.ts';

type PrerenderModule = typeof import('../src/prerender');

/**
 * Where the renderer is built. Bundled whole (ssr.noExternal): Node's own loader would take
 * react-bootstrap's per-component CommonJS entries, and some of their default exports would arrive
 * as objects.
 */
const RENDERER_DIR = path.join('node_modules', '.cache', 'truenet-prerender');

/**
 * Runs as soon as #root is parsed: when the page is opened on a prerendered route other than the
 * landing page, its HTML takes the landing page's place in #root (the landing page's nodes move
 * into a template of their own, for the way back). A browser that was signed in (app/prerendered.ts)
 * never sees the public pages: on `/` and the dashboard, where it is going, #root shows the
 * dashboard's frame with today's date in its heading, its tabs answering a tap (answerFrameTabs),
 * and tells the head's script, which draws the numbers into it (FRAME_READY_KEY); elsewhere, as on
 * any route that is not public, the navbar with the brand alone, until the application draws its
 * own.
 * The server allows this inline script by its hash (server/src/client-files.ts).
 */
function routeChooser(): string {
  return `(function(){
var held=document.getElementById(${JSON.stringify(ROOT_HELD_ID)});if(held)held.remove();
var root=document.getElementById('root');
var route=(${routeOfHash.toString()})(location.hash);
var signedIn=false;try{signedIn=localStorage.getItem(${JSON.stringify(SIGNED_IN_HINT_KEY)})==='1'}catch(e){}
if(root.getAttribute('${PRERENDERED_ATTRIBUTE}')===route&&!signedIn)return;
var landing=document.createElement('template');landing.id=${JSON.stringify(prerenderedTemplateId('/'))};landing.content.append.apply(landing.content,root.childNodes);root.after(landing);
var page=signedIn?null:document.getElementById(${JSON.stringify(prerenderedTemplateId(''))}+route);
var frame=signedIn&&(route==='/'||route==='/userhome')?document.getElementById(${JSON.stringify(DASHBOARD_FRAME_TEMPLATE_ID)}):null;
root.innerHTML=page?page.innerHTML:frame?frame.innerHTML:'';
root.setAttribute('${PRERENDERED_ATTRIBUTE}',page?route:'');
if(page)return;
if(frame){root.firstElementChild.setAttribute(${JSON.stringify(PAGE_FRAME_ATTRIBUTE)},'');var heading=root.querySelector('h2');if(heading)heading.textContent=heading.textContent.replace(${JSON.stringify(buildDateDisplay())},(${localDisplayDate.toString()})(new Date()));(${answerFrameTabs.toString()})(root,${JSON.stringify(WANTED_TAB_KEY)});var framed=window[${JSON.stringify(FRAME_READY_KEY)}];if(typeof framed==='function')framed();return}
var nav=landing.content.querySelector('.tn-navbar'),brand=nav&&nav.querySelector('.navbar-brand');if(!brand)return;
var shell=document.createElement('div');shell.className='tn-shell';var bar=nav.cloneNode(false),box=nav.firstElementChild.cloneNode(false);
box.appendChild(brand.cloneNode(true));bar.appendChild(box);shell.appendChild(bar);root.appendChild(shell);
})();`;
}

/** The style rootHeldUntilChosen adds to the head, which routeChooser takes out. */
const ROOT_HELD_ID = 'truenet-root-held';

/**
 * #root holds the landing page, for a visitor who opens `/`. Anyone else (a browser that was
 * signed in, or the address of another page) gets something else there from routeChooser, which
 * runs only once #root and the templates after it have been parsed: on a slow line the landing
 * page's first parts were laid out and painted meanwhile, so a signed-in person saw the marketing
 * page flash before the dashboard's frame, and a cheap phone spent 300-400 ms laying it out. The
 * head's script (headScript) keeps #root out of the layout until the chooser has run.
 */
function rootHeldUntilChosen(): string {
  return `if(signedIn||route!=='/'){var held=document.createElement('style');held.id=${JSON.stringify(ROOT_HELD_ID)};held.textContent='#root{display:none}';document.head.appendChild(held)}`;
}

/** The frame's heading date as the build wrote it, which the chooser replaces with today's. */
function buildDateDisplay(): string {
  return localDisplayDate(new Date(`${DASHBOARD_FRAME_BUILD_DATE}T12:00:00`));
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}

/**
 * React writes a preload link for each image it renders outside a whole document; in #root it would
 * be a node the client's first render does not produce. The images are small and in the HTML anyway.
 */
function withoutImagePreloads(html: string): string {
  return html.replace(/<link rel="preload" as="image"[^>]*>/g, '');
}

/**
 * How long the boot script holds the dashboard's own code back for its numbers (earlyRequests):
 * past that, a slow answer no longer delays the code.
 */
const DASHBOARD_CODE_HOLD_MS = 3000;

/**
 * The head script's part for a browser that was signed in: it sends the silent refresh while the
 * rest of the page is still arriving and being parsed (at the end of the body it left half a second
 * later on a cheap phone), and the application takes it over (app/session/graphQLRequest.ts
 * EARLY_REFRESH_KEY), so the session no longer waits for the application's code to arrive and run.
 * On the dashboard (or `/`, where a signed-in browser goes) the refresh asks for the first screen
 * too (THEN_QUERY_EXTENSION), with the tab's household and the browser's zone, and its answer
 * brings it (the dashboard takes it over, EARLY_FIRST_SCREEN_KEY): the numbers travel while the
 * code does, one round trip after the page instead of two. Once they are in and the route chooser
 * has put the dashboard's frame in #root (FRAME_READY_KEY; DOMContentLoaded at the latest), it
 * draws the person's name and the hero into that frame (earlyFrameScript,
 * features/dashboard/earlyFrame.ts), in the chooser's task when the numbers came first, so that
 * the frame and the numbers are laid out and painted once. The application's frame keeps them
 * until the dashboard draws its own: a phone shows its numbers before its code has arrived. The
 * CSS inlined in index.html styles them (renderHeroSample): over a slow network the application's
 * stylesheet shares the line with the code and comes seconds later. The boot script holds the
 * dashboard's own chunks back until they are drawn (`read`), for at most DASHBOARD_CODE_HOLD_MS:
 * on Slow 4G the answer, sharing the line with twenty scripts, took 2.3 s instead of 0.2 s, and
 * the entry's code is on its way meanwhile.
 */
function earlyRequests(earlyFrame: string): string {
  const refresh = graphQLRequestInit(RefreshSessionDocument);
  const withFirstScreen = {
    ...withThenQuery(refresh, DashboardFirstScreenDocument, { timeZone: ZONE_PLACEHOLDER }),
    priority: 'high',
  };
  return `var dashboard=route==='/userhome'||route==='/';
try{var i=dashboard?${JSON.stringify(withFirstScreen)}:${JSON.stringify(refresh)};if(dashboard){try{var h=sessionStorage.getItem(${JSON.stringify(TAB_HOUSEHOLD_KEY)});if(h)i.headers[${JSON.stringify(HOUSEHOLD_HEADER)}]=h}catch(e){}i.body=i.body.replace(${JSON.stringify(JSON.stringify(ZONE_PLACEHOLDER))},JSON.stringify((${browserTimeZone.toString()})()))}
var refresh=window[${JSON.stringify(EARLY_REFRESH_KEY)}]=fetch(${JSON.stringify(GRAPHQL_PATH)},i);refresh.catch(function(){})}catch(e){return}
if(!dashboard)return;
${earlyFrame}
var asked=refresh.then(function(r){return r.clone().json()}).then(function(b){var f=b&&b.extensions&&b.extensions[${JSON.stringify(THEN_QUERY_EXTENSION)}];if(!f||!f.data)throw new Error('no first screen');return f});asked.catch(function(){});
var framed=new Promise(function(done){window[${JSON.stringify(FRAME_READY_KEY)}]=done;document.addEventListener('DOMContentLoaded',done)});
var read=Promise.all([asked,framed]).then(function(both){${EARLY_FRAME_GLOBAL}.showEarlyFrame(document.getElementById('root'),both[0].data,Date.now())});read.catch(function(){});
window[${JSON.stringify(EARLY_FIRST_SCREEN_KEY)}]={answer:asked,sentAt:Date.now(),read:read};`;
}

/**
 * The first script in index.html's head, before the inlined CSS and the page's body: #root held
 * until the route is chosen (rootHeldUntilChosen), then, in a browser that was signed in, the
 * early requests (earlyRequests).
 */
function headScript(earlyFrame: string): string {
  return `(function(){
var signedIn=false;try{signedIn=localStorage.getItem(${JSON.stringify(SIGNED_IN_HINT_KEY)})==='1'}catch(e){}
var route=(${routeOfHash.toString()})(location.hash);
${rootHeldUntilChosen()}
if(!signedIn)return;
${earlyRequests(earlyFrame)}
})();`;
}

/** headScript, first in the head: before the inlined CSS and the page's body. */
export function withHeadScript(html: string, earlyFrame: string): string {
  const charset = '<meta charset="UTF-8">';
  if (!html.includes(charset)) throw new Error('prerender: index.html has no charset to follow');
  return html.replace(charset, () => `${charset}<script>${headScript(earlyFrame)}</script>`);
}

/** The name earlyFrameScript's bundle binds in the head's script. */
const EARLY_FRAME_GLOBAL = 'truenetEarlyFrame';

/**
 * src/features/dashboard/earlyFrame.ts and what it imports, bundled and minified into one
 * statement (`var truenetEarlyFrame=…`) for the head's script (headScript): with it, that
 * script draws the first screen's numbers into the dashboard's frame as soon as they arrive.
 */
export async function earlyFrameScript(root: string, alias: Alias[]): Promise<string> {
  const built = await build({
    configFile: false,
    root,
    logLevel: 'error',
    resolve: { alias },
    build: {
      write: false,
      minify: true,
      lib: { entry: 'src/features/dashboard/earlyFrame.ts', formats: ['iife'], name: EARLY_FRAME_GLOBAL },
    },
  });
  const outputs = Array.isArray(built) ? built : [built];
  const chunk = outputs
    .flatMap((output) => ('output' in output ? output.output : []))
    .find((file) => file.type === 'chunk');
  if (!chunk || chunk.type !== 'chunk') throw new Error('prerender: the early frame did not bundle');
  return chunk.code.trim();
}

/** Stands for the browser's zone in the first-screen request the head's script writes out. */
const ZONE_PLACEHOLDER = '<browser time zone>';

/**
 * The CSS Beasties inlined, a copy of the rules the first paint needs. Once the whole stylesheet
 * has loaded the boot script takes it out: every later restyle of the page (each part React draws)
 * matched those rules twice. The stylesheet loads as `media="print"` (with a preload, so that it
 * keeps a stylesheet's priority) and is turned on in the same task that takes the copy out: the
 * page is restyled once, not once as the sheet applied and again as the copy went (each a long
 * task on a cheap phone).
 */
const INLINED_CSS_ID = 'truenet-inlined-css';

/**
 * How the page starts. On a public page (the landing page, the FAQ) for a visitor not signed in,
 * no application code is fetched or run: app/publicPages.ts (inlined) makes the page usable, and
 * the application is fetched when a pointer or the keyboard reaches a link out of the public pages
 * and started when the person follows one. Anywhere else, and for a browser that was signed in,
 * the application starts once the page has been painted: after the document is parsed (so the
 * deferred /config.js has run) and after the next frame. Either way the entry's imports are
 * preloaded only when the entry is wanted: their modulepreload links move from the head into
 * this script. So does the application's stylesheet: the public pages are styled by the CSS
 * Beasties inlined (all they use, in every state their script gives them), so a visitor who
 * never leaves them never fetches it nor restyles the page when it arrives; the entry starts
 * once it has loaded, so no screen of the application is drawn without it. A browser opened on
 * the dashboard (or, signed in, on `/`) also gets the dashboard's code and stylesheet asked for
 * here, while the page is parsed: asked for by the entry (preloadRouteOf), they waited for the
 * entry to arrive and run, and each link the entry added cost its first task a few milliseconds.
 * The links go in one to a task (inTasks): each starts its fetch as it is added, several
 * milliseconds apiece on a cheap phone, and twenty in the boot's one task blocked it for 130 ms.
 * In a browser that was signed in, the head's first script (earlyRequests) has already sent the
 * silent refresh and, on the dashboard, asked for its first screen: the dashboard's own chunks wait
 * for that answer's body (or DASHBOARD_CODE_HOLD_MS) so that the numbers have the line to themselves.
 * On every page it registers the service worker once the page has settled (src/app/serviceWorker.ts).
 */
export function withEntryAfterFirstPaint(html: string, dashboard: RouteCode): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
  const src = entry.exec(html)?.[1];
  if (!src) throw new Error('prerender: index.html has no module entry script');
  const preload = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;
  const imports = [...html.matchAll(preload)].map((match) => match[1] as string);
  // Beasties's stylesheet loaded without blocking, and its script that turns it on.
  const lazyStylesheet =
    /<link rel="stylesheet" crossorigin href="([^"]+)" media="print" data-beasties-media="all">/;
  const stylesheetSwitch =
    /<script>document\.querySelectorAll\('link\[data-beasties-media\]'\)[^<]*<\/script>/;
  const styles = lazyStylesheet.exec(html)?.[1];
  if (!styles || !stylesheetSwitch.test(html))
    throw new Error('prerender: Beasties left no stylesheet to load');
  const boot = `(function(){
(${registerServiceWorkerWhenSettled.toString()})(window,${JSON.stringify(SERVICE_WORKER_SETTLING)});
var entry=${JSON.stringify(src)},styles=${JSON.stringify(styles)},imports=${JSON.stringify(imports)},warmed=false,started=false,styled;
var dashboard=${JSON.stringify(dashboard.scripts)},dashboardStyles=${JSON.stringify(dashboard.styles)};
function link(href){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=href;document.head.appendChild(l)}
function stylesheet(href,media){var c=document.createElement('link');c.rel='stylesheet';c.crossOrigin='';if(media)c.media=media;c.href=href;document.head.appendChild(c);return c}
function inTasks(list,add){var i=0;function next(){if(i<list.length){add(list[i++]);setTimeout(next,0)}}setTimeout(next,0)}
function warm(){if(warmed)return;warmed=true;var p=document.createElement('link');p.rel='preload';p.as='style';p.crossOrigin='';p.href=styles;document.head.appendChild(p);var c=stylesheet(styles,'print');styled=new Promise(function(done){c.onerror=done;c.onload=function(){c.media='all';var inlined=document.getElementById(${JSON.stringify(INLINED_CSS_ID)});if(inlined)inlined.remove();done()}});inTasks(imports.concat([entry]),link)}
function start(){if(started)return;started=true;warm();styled.then(function(){var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=entry;document.head.appendChild(s)})}
function ready(run){if(document.readyState==='loading')document.addEventListener('DOMContentLoaded',run);else run()}
var routeOfHash=${routeOfHash.toString()};
var publicRoutes=${JSON.stringify(PRERENDERED_ROUTES)};
var signedIn=false;try{signedIn=localStorage.getItem(${JSON.stringify(SIGNED_IN_HINT_KEY)})==='1'}catch(e){}
var route=routeOfHash(location.hash);
var early=window[${JSON.stringify(EARLY_FIRST_SCREEN_KEY)}];
function afterNumbers(run){if(!early)return run();var ran=false;function once(){if(!ran){ran=true;run()}}early.read.then(once,once);setTimeout(once,${DASHBOARD_CODE_HOLD_MS})}
if(signedIn||publicRoutes.indexOf(route)<0){warm();if(route==='/userhome'||(route==='/'&&signedIn)){inTasks(dashboardStyles,stylesheet);afterNumbers(function(){inTasks(dashboard,link)})}ready(function(){requestAnimationFrame(function(){setTimeout(start,0)})});return}
ready(function(){
(${loadAnalytics.toString()})(window.__TRUENET_CONFIG__);
(${runPublicPages.toString()})({publicRoutes:publicRoutes,routeOfHash:routeOfHash,attribute:${JSON.stringify(PRERENDERED_ATTRIBUTE)},templateId:function(r){return ${JSON.stringify(prerenderedTemplateId(''))}+r},startApp:start,warmApp:warm,slideInterval:${PUBLIC_SLIDE_INTERVAL_MS},bindWidgets:${bindPublicWidgets.toString()}});
});
})();`;
  if (!html.includes('<style>')) throw new Error('prerender: Beasties inlined no CSS');
  return html
    .replace('<style>', `<style id="${INLINED_CSS_ID}">`)
    .replace(entry, '')
    .replace(preload, '')
    .replace(lazyStylesheet, '')
    .replace(stylesheetSwitch, '')
    .replace('</body>', () => `<script>${boot}</script></body>`);
}

/**
 * The landing page in #root, the other routes and the dashboard's frame in inert templates beside
 * it, then the chooser.
 */
export function withPrerenderedPages(
  html: string,
  rendered: { route: string; html: string }[],
  dashboardFrame: string,
): string {
  const pages = rendered.map((page) => ({ ...page, html: withoutImagePreloads(page.html) }));
  const [landing, ...others] = pages;
  const root = '<div id="root"></div>';
  if (!landing || landing.route !== '/' || !html.includes(root)) {
    throw new Error('prerender: index.html needs an empty <div id="root"></div> and the landing page first');
  }
  const templates = others.map(
    (page) => `<template id="${escapeAttribute(prerenderedTemplateId(page.route))}">${page.html}</template>`,
  );
  return html.replace(
    root,
    () =>
      `<div id="root" ${PRERENDERED_ATTRIBUTE}="/">${landing.html}</div>` +
      templates.join('') +
      `<template id="${DASHBOARD_FRAME_TEMPLATE_ID}">${withoutImagePreloads(dashboardFrame)}</template>` +
      `<script>${routeChooser()}</script>`,
  );
}

/**
 * The public pages' HTML rendered at build time (issue #20, "loads at once"): the written
 * index.html gets the landing page and the FAQ (src/prerender.tsx, bundled for Node), Beasties
 * inlines the CSS rules those pages use and lets the whole stylesheet load without blocking the
 * first paint, and the application starts after that paint. Runs on writeBundle, before the service
 * worker's precache list is made from the written files.
 */
export function prerenderPublicPages(): Plugin {
  let root = '';
  let outDir = '';
  let alias: Alias[] = [];
  return {
    name: 'truenet-prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      alias = config.resolve.alias;
    },
    writeBundle: {
      sequential: true,
      order: 'post',
      async handler(_options, bundle) {
        const rendererDir = path.join(root, RENDERER_DIR);
        await build({
          configFile: false,
          root,
          logLevel: 'error',
          resolve: { alias },
          // The public pages rendered from their components (src/build-flags.d.ts).
          define: { __STATIC_PUBLIC_PAGES__: 'false' },
          ssr: { noExternal: true, target: 'node' },
          plugins: [react()],
          build: {
            ssr: 'src/prerender.tsx',
            outDir: rendererDir,
            emptyOutDir: true,
            rollupOptions: { output: { format: 'esm', entryFileNames: 'prerender.mjs' } },
          },
        });
        const renderer = (await import(
          pathToFileURL(path.join(rendererDir, 'prerender.mjs')).href
        )) as PrerenderModule;
        const pages = await renderer.renderPublicPages();
        const file = path.join(outDir, 'index.html');
        const html = withCssSample(
          withPrerenderedPages(await readFile(file, 'utf8'), pages, renderer.renderDashboardFrame()),
          renderer.renderHeroSample(),
        );
        const beasties = new Beasties({
          path: outDir,
          publicPath: '/',
          // The stylesheet as media=print and a small script that turns it on (no inline event
          // handler for the CSP to refuse); withEntryAfterFirstPaint moves its loading into the
          // boot script, which fetches it only when the application is wanted.
          preload: 'media-script',
          compress: true,
          logLevel: 'warn',
        });
        const dashboard = routeCode(bundle, DASHBOARD_CODE_MODULES);
        const earlyFrame = await earlyFrameScript(root, alias);
        const styled = withoutCssSample(await inlineCriticalCss(beasties, html));
        await writeFile(file, withHeadScript(withEntryAfterFirstPaint(styled, dashboard), earlyFrame));
      },
    },
  };
}

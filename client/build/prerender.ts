import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import Beasties from 'beasties';
import { pathToFileURL } from 'node:url';
import { build, type Alias, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import {
  PRERENDERED_ATTRIBUTE,
  prerenderedTemplateId,
  routeOfHash,
  SIGNED_IN_HINT_KEY,
} from '../src/app/prerendered';

type PrerenderModule = typeof import('../src/prerender');

/**
 * Where the renderer is built. Bundled whole (ssr.noExternal): Node's own loader would take
 * react-bootstrap's per-component CommonJS entries, and some of their default exports would arrive
 * as objects.
 */
const RENDERER_DIR = path.join('node_modules', '.cache', 'truenet-prerender');

/**
 * Runs before the page's module script: when the page is opened on a prerendered route other than
 * the landing page, its HTML takes the landing page's place in #root; on any other route, and on
 * every route for a browser that was signed in (app/prerendered.ts), #root is emptied, so that a
 * signed-in person never sees the public pages flash before their own. main.tsx hydrates what is
 * left.
 * The server allows this inline script by its hash (server/src/client-files.ts).
 */
function routeChooser(): string {
  return `(function(){
var root=document.getElementById('root');
var route=(${routeOfHash.toString()})(location.hash);
var signedIn=false;try{signedIn=localStorage.getItem(${JSON.stringify(SIGNED_IN_HINT_KEY)})==='1'}catch(e){}
if(root.getAttribute('${PRERENDERED_ATTRIBUTE}')===route&&!signedIn)return;
var page=signedIn?null:document.getElementById(${JSON.stringify(prerenderedTemplateId(''))}+route);
root.innerHTML=page?page.innerHTML:'';
root.setAttribute('${PRERENDERED_ATTRIBUTE}',page?route:'');
})();`;
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
 * The application's entry starts once the prerendered page has been painted: after the document
 * is parsed (so the deferred /config.js has run) and after the next frame. A fast or cached
 * download of the entry (a second visit, the service worker) would otherwise run the whole
 * bundle and the hydration before the first paint, on a slow phone hundreds of milliseconds.
 * The entry's imports are still fetched early by their modulepreload links.
 */
export function withEntryAfterFirstPaint(html: string): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
  const src = entry.exec(html)?.[1];
  if (!src) throw new Error('prerender: index.html has no module entry script');
  const boot = `(function(){
function start(){var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=${JSON.stringify(src)};document.head.appendChild(s)}
function afterPaint(){requestAnimationFrame(function(){setTimeout(start,0)})}
if(document.readyState==='loading')document.addEventListener('DOMContentLoaded',afterPaint);else afterPaint();
})();`;
  return html.replace(entry, '').replace('</body>', () => `<script>${boot}</script></body>`);
}

/** The landing page in #root, the other routes in inert templates beside it, then the chooser. */
export function withPrerenderedPages(html: string, rendered: { route: string; html: string }[]): string {
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
      async handler() {
        const rendererDir = path.join(root, RENDERER_DIR);
        await build({
          configFile: false,
          root,
          logLevel: 'error',
          resolve: { alias },
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
        const html = withPrerenderedPages(await readFile(file, 'utf8'), pages);
        const beasties = new Beasties({
          path: outDir,
          publicPath: '/',
          // The stylesheet loads as media=print and a small inline script (allowed by its hash)
          // turns it on: no inline event handler for the CSP to refuse.
          preload: 'media-script',
          compress: true,
          logLevel: 'warn',
        });
        await writeFile(file, withEntryAfterFirstPaint(await beasties.process(html)));
      },
    },
  };
}

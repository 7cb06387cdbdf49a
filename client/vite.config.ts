import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { prerenderPublicPages } from './build/prerender.ts';
import { sharedDocumentNodes } from './build/sharedDocumentNodes.ts';
import { compileHints } from './build/compileHints.ts';
import { entryCode, type Bundle } from './build/routeCode.ts';
import { preloadDependencies } from './build/preloadDependencies.ts';

const API_TARGET = process.env.TRUENET_API_URL ?? 'http://localhost:4000';
/** Paths the API server answers, which the dev server hands on to it; everything else is the app. */
const API_PATHS = [
  '/graphql',
  '/api',
  '/account',
  '/message',
  '/billing',
  '/reminders',
  '/calendar',
  '/dev',
  '/config.js',
  '/healthz',
  '/livez',
  '/readyz',
  '/metrics',
];

const KIB = 1024;
/**
 * Budgets: the application entry's initial JS, and the whole app. The whole app's was 240 KiB
 * until the dashboard's figures came with their meanings, the snapshot's arithmetic, the switches'
 * explanations and Help's definitions (238.1 -> 240.8 KiB), then statement import (its screen is
 * a 7 KiB chunk of its own, fetched when opened; its documents 2 KiB): 250.9 KiB; then bank
 * connections, the household and push notifications in Manage Account: 255.5 KiB; then shared
 * households (members, invitations, the invitation page, the navbar's switcher): 261.7 KiB; then
 * the forecast chart drawn on its own canvas instead of by uPlot (24 KiB -> 3 KiB): 240.9 KiB;
 * then rxjs's ES2015 build, the public pages shown from their prerendered templates instead of by
 * components of their own, and the framework in two files: 230.1 KiB; then found in your bank and
 * the debt plan (its section a 2 KiB chunk of its own, the APR on the expense form, the hero's
 * 'Debt-free by'): 240.9 KiB, and the ceiling moved to 242 KiB; then the first run's guide (three
 * ways in, what the bank history found), Manage Account's sections and Help's new parts: 243.2 KiB,
 * and the ceiling 244 KiB, a debt the low-end phone's work (its bytes) owes back; then where the
 * money goes (the Spending tab, a 5 KiB chunk fetched when opened, Manage Account's Categories and
 * rules, the transaction form's category): 253.9 KiB, and the ceiling 256 KiB, under the 320 KiB the
 * new screens may reach as chunks of their own; then budgets (in the Spending chunk), the hero's
 * bills set aside and the expense form's category: 256.7 KiB, and the ceiling 260 KiB; then the Reports
 * tab (its four SVG charts a 5 KiB chunk fetched when opened) and budget alerts' setting: 262.8 KiB,
 * and the ceiling 266 KiB; then the three manage tabs split off the dashboard's first screen into a
 * chunk of their own (2.4 KiB of a file's overhead, 11 KiB less before the first touch): 266.4 KiB,
 * and the ceiling 268 KiB; then the first screen's queries read through Apollo Client's suspense
 * cache (useSlicedQuery: its QueryReference and suspense cache, +1.9 KiB) so that their watches start
 * in render slices rather than in one task: 269.6 KiB, and the ceiling 272 KiB, still under the
 * 320 KiB DESIGN allows. The ceiling is the bench's budget (bench/client-size.mjs). The entry's
 * figure does not carry the app's documents (app/session/sessionDocuments.ts).
 */
const BUDGET = { initialJs: 120 * KIB, totalJs: 272 * KIB };

/**
 * What draws the dashboard's frame for a returning person, with the numbers index.html's head script
 * drew, and answers every tap on it (the navbar and its menu, the tabs): in the entry, so that a
 * cheap phone's person can touch the dashboard before its own code (Apollo Client, the documents, the
 * page: about 90 KiB more) has arrived and run. The entry's budget is then what the dashboard needs
 * before its first interaction (DESIGN's 120 KiB; journey 19 holds the rest back and taps).
 */
const TOUCHABLE_FRAME = [
  'src/app/routing/RouteFallback.tsx',
  'src/features/dashboard/DashboardSkeleton.tsx',
  'src/app/layout/AppNavbar.tsx',
];

/**
 * Prints the gzipped JS the landing page loads first and the whole app's, and enforces the budgets.
 * It weighs the files as written (the bench's method, bench/client-size.mjs): the code handed to
 * generateBundle is not yet final, and weighed a few tenths of a KiB less than what browsers fetch.
 */
function bundleBudget(): Plugin {
  return {
    name: 'truenet-bundle-budget',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      const initial = entryCode(bundle as unknown as Bundle);
      const gz = (fileName: string) => gzipSync(readFileSync(path.join(dir, fileName))).length;
      const initialBytes = [...initial].reduce((sum, fileName) => sum + gz(fileName), 0);
      const totalBytes = chunks.reduce((sum, chunk) => sum + gz(chunk.fileName), 0);
      const kib = (bytes: number) => `${(bytes / KIB).toFixed(1)} KiB`;
      const line = (label: string, bytes: number, budget: number) =>
        `  ${label.padEnd(34)} ${kib(bytes).padStart(10)} gzip   (budget ${kib(budget)})`;
      console.log(
        [
          '',
          'TrueNet bundle sizes',
          line(`application entry JS (${initial.size} files)`, initialBytes, BUDGET.initialJs),
          line(`whole app JS (${chunks.length} files)`, totalBytes, BUDGET.totalJs),
          '',
        ].join('\n'),
      );
      if (initialBytes > BUDGET.initialJs)
        this.error(`Application entry JS ${kib(initialBytes)} is over budget.`);
      const entryModules = chunks
        .filter((chunk) => initial.has(chunk.fileName))
        .flatMap((chunk) => chunk.moduleIds);
      for (const module of TOUCHABLE_FRAME) {
        if (!entryModules.some((id) => id.endsWith(`/client/${module}`)))
          this.error(
            `${module} is not in the application's entry: the dashboard's frame would wait for its code.`,
          );
      }
      if (totalBytes > BUDGET.totalJs) this.error(`Whole app JS ${kib(totalBytes)} is over budget.`);
    },
  };
}

const preload = preloadDependencies();

export default defineConfig(({ command }) => ({
  base: '/',
  // src/build-flags.d.ts: a production build shows the public pages from their prerendered templates.
  define: { __STATIC_PUBLIC_PAGES__: JSON.stringify(command === 'build') },
  resolve: {
    // core/ ships TypeScript sources inside the workspace.
    alias: { '@truenet/core': fileURLToPath(new URL('../core/src/index.ts', import.meta.url)) },
    // rxjs (under Apollo Client) ships an ES2015 build beside its default ES5 one: native classes,
    // no tslib helpers, a smaller bundle for the browsers the app supports anyway.
    conditions: ['es2015', ...defaultClientConditions],
  },
  plugins: [
    sharedDocumentNodes(),
    react(),
    VitePWA({
      registerType: 'autoUpdate',
      // index.html's boot script registers it once the page has settled (src/app/serviceWorker.ts).
      injectRegister: false,
      includeAssets: ['favicon-32.png', 'icons/apple-touch-icon.png'],
      manifest: {
        id: '/',
        name: 'TrueNet',
        short_name: 'TrueNet',
        description: 'Personal financial tracking: know your true net income before the next payday.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#136b43',
        background_color: '#f5f7f6',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The app shell only: built assets. API answers are never cached.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // The app's screens are all fragments of `/` (HashRouter): only a navigation to `/` gets the
        // shell. Every other path is the server's (an e-mail's unsubscribe page, the payment
        // stand-in's pages, a calendar feed), so a new server path needs no list kept here.
        navigateFallback: '/index.html',
        navigateFallbackAllowlist: [/^\/(index\.html)?(\?.*)?$/],
        runtimeCaching: [],
        cleanupOutdatedCaches: true,
        // Push notifications: public/push-handler.js shows them and opens their link on click.
        importScripts: ['/push-handler.js'],
      },
    }),
    preload.plugin,
    compileHints(),
    bundleBudget(),
    prerenderPublicPages(),
  ],
  server: {
    port: 5173,
    proxy: Object.fromEntries(API_PATHS.map((path) => [path, { target: API_TARGET, changeOrigin: false }])),
  },
  preview: { port: 4173 },
  css: {
    preprocessorOptions: {
      // Bootstrap 5.3's Sass still uses @import and global colour functions; dart-sass warns on
      // every use. The warnings are Bootstrap's to fix (v6), not ours.
      scss: {
        quietDeps: true,
        silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
      },
    },
  },
  build: {
    rollupOptions: {
      // The bundler's notes on which plugin took how long are for profiling a build, not for the
      // person running `npm start`: measured in the bench (client sizes), kept out of the output.
      checks: { bundlerTimings: false },
      output: {
        // Code that always loads together travels together: one request and one gzip stream
        // instead of a dozen small files (each small file compresses poorly).
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            {
              // React and the router, then Bootstrap's components with what they run on: every screen
              // of the application runs on them, so two files (apart, the pieces that the screens
              // share came as a dozen small ones; a group must hold its dependencies, or it imports
              // them from a screen's chunk and so loads that screen with the entry).
              name: 'framework',
              test: /node_modules\/(react|react-dom|scheduler|react-router)\//,
            },
            {
              name: 'bootstrap',
              test: /node_modules\/(react-bootstrap|@restart|dom-helpers|prop-types|classnames|uncontrollable|react-transition-group|warning|invariant|@popperjs|dequal|react-lifecycles-compat|react-is|@swc\/helpers|react-aria|@react-aria|@babel\/runtime)\//,
            },
            {
              // Apollo Client and what it runs on: every page that uses one part loads ApolloRoot,
              // which uses them all, so apart they were only more requests and poorer compression.
              name: 'apollo',
              test: /node_modules\/(@apollo|rxjs|optimism|@wry|tslib|graphql)\//,
            },
            {
              // The dashboard's three manage tabs with their add forms and the kit they alone use:
              // split off the first screen, they are fetched together once it is idle (lazyTabs.tsx),
              // one request and one gzip stream instead of a dozen small files.
              name: 'manage-tabs',
              test: /client\/src\/(features\/(income|expenses|wallets)\/|kit\/(ManageSection|RecordModal|RecordFields|SourceCell|SuggestNameField|useManagedList|useRecordForm|useDeleteRecord)\b)/,
            },
            {
              // The sign-in pages and the form pieces only they and the account's pages use. Not
              // `Field` or `SpinnerButton`: the dashboard's add forms and its statement import use
              // them, and a group member pulls the whole group (every sign-in page) onto the dashboard.
              name: 'auth-pages',
              test: (id: string) =>
                /client\/src\/(features\/auth\/(?!plans)|components\/(Honeypot|TextField|PasswordInput|DevMailboxNote|FormMessage)\b)/.test(
                  id,
                ),
            },
          ],
        },
      },
    },
    // Vite's modulepreload polyfill (a MutationObserver and a fetch per preload link, in the entry)
    // serves only browsers older than Safari 17 and Firefox 115. Without it those browsers ignore
    // the entry's modulepreload links (the boot script's), so they fetch the entry's imports one
    // after another; a lazy screen's files are still preloaded (Vite falls back to rel=preload).
    modulePreload: { polyfill: false, resolveDependencies: preload.resolveDependencies },
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    reportCompressedSize: true,
  },
}));

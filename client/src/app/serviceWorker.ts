/**
 * The service worker (vite-plugin-pwa's generateSW output): when the page registers it, and how a
 * screen that needs it sooner gets it.
 *
 * Installing it downloads the whole precache (about a megabyte: every file of the app). Registered
 * at the page's load event, as the plugin's own script does, that download ran while the dashboard
 * drew its first screen: on a 2-core phone the network, the disk cache and the worker's thread took
 * the CPU from the page (Lighthouse's dashboard score was about 88, against 92 to 96 with the
 * worker registered later (ten interleaved pairs, bench/README.md)). So the page registers it
 * once it has settled.
 */
export const SERVICE_WORKER_URL = '/sw.js';

export interface SettledRegistration {
  /** The worker's script, and the pages it controls: all of them. */
  url: string;
  scope: string;
  /** How long after load the page must go without a long task or a finished download. */
  quietMs: number;
  /** The latest it is registered after load, however busy the page stays. */
  latestMs: number;
}

/** The page's rule: three seconds of quiet, half a minute at the latest. */
export const SERVICE_WORKER_SETTLING: SettledRegistration = {
  url: SERVICE_WORKER_URL,
  scope: '/',
  quietMs: 3000,
  latestMs: 30000,
};

/**
 * Registers the service worker once the page has settled: after the load event, as soon as it has
 * gone `quietMs` without a long task or a finished download, and `latestMs` after load at the
 * latest. Where long tasks cannot be observed (Safari, Firefox), `quietMs` after the last download.
 * A browser without service workers, or one that refuses this one (private windows), runs the app
 * as it is: the worker only makes it installable and quicker to open.
 *
 * Inlined into index.html's boot script by its source text (client/build/prerender.ts), so it uses
 * nothing from outside its own body but its arguments.
 */
export function registerServiceWorkerWhenSettled(
  win: Window & typeof globalThis,
  options: SettledRegistration,
): void {
  const workers = win.navigator.serviceWorker;
  if (!workers) return;
  let registered = false;
  let quiet: ReturnType<typeof setTimeout> | undefined;
  let lastActivity = 0;
  const observers: PerformanceObserver[] = [];
  const register = () => {
    if (registered) return;
    registered = true;
    clearTimeout(quiet);
    observers.forEach((observer) => observer.disconnect());
    workers.register(options.url, { scope: options.scope }).catch(() => undefined);
  };
  // Each entry only notes the time: a page loading sends dozens, and a timer set again for each
  // cost a cheap phone more than the entry itself. One timer waits, and waits again if needed.
  const waitUntilQuiet = () => {
    const left = lastActivity + options.quietMs - Date.now();
    if (left <= 0) register();
    else quiet = setTimeout(waitUntilQuiet, left);
  };
  const waitForQuiet = () => {
    if (registered) return;
    lastActivity = Date.now();
    if (quiet === undefined) quiet = setTimeout(waitUntilQuiet, options.quietMs);
  };
  const settle = () => {
    waitForQuiet();
    setTimeout(register, options.latestMs);
    ['longtask', 'resource'].forEach((type) => {
      try {
        const observer = new win.PerformanceObserver(waitForQuiet);
        observer.observe({ type });
        observers.push(observer);
      } catch {
        // An entry type this browser does not report: the other one and the timers still settle it.
      }
    });
  };
  if (win.document.readyState === 'complete') settle();
  else win.addEventListener('load', settle);
}

/**
 * The service worker's registration for a screen that needs it now (turning push notifications
 * on), whether or not the page has registered it yet: registering again is harmless, and waiting
 * for the page to settle could keep a person's click waiting.
 */
export async function serviceWorkerRegistration(): Promise<ServiceWorkerRegistration> {
  const { url, scope } = SERVICE_WORKER_SETTLING;
  await navigator.serviceWorker.register(url, { scope });
  return navigator.serviceWorker.ready;
}

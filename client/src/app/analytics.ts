/** Runtime configuration the server injects through `/config.js` (absent when nothing is configured). */
export interface RuntimeConfig {
  analyticsScriptUrl?: string;
  analyticsSiteId?: string;
  /** Set outside production when mail stays in the server's outbox: where to read it. */
  devMailboxUrl?: string;
  /** Set outside production: where the offline SimpleFIN stand-in hands out a demo bank's setup token. */
  bankDemoUrl?: string;
}

declare global {
  interface Window {
    __TRUENET_CONFIG__?: RuntimeConfig;
  }
}

/**
 * Loads the third-party page-view analytics script, only when the server configured one, once a
 * page. Returns the script element added, or null when nothing was loaded. Inlined into the public
 * pages' start (client/build/prerender.ts): it may use nothing from outside its own body.
 */
export function loadAnalytics(
  config: RuntimeConfig | undefined = window.__TRUENET_CONFIG__,
): HTMLScriptElement | null {
  const url = config?.analyticsScriptUrl;
  if (typeof url !== 'string' || (!/^https?:\/\//.test(url) && !url.startsWith('/'))) return null;
  // Once a page: the public pages load it before the application, which asks again when it starts.
  if (document.querySelector('script[data-tn-analytics]')) return null;
  const script = document.createElement('script');
  script.dataset.tnAnalytics = '';
  script.src = url;
  script.async = true;
  script.defer = true;
  if (config?.analyticsSiteId) {
    script.dataset.siteId = config.analyticsSiteId;
    script.dataset.domain = config.analyticsSiteId;
  }
  document.head.appendChild(script);
  return script;
}

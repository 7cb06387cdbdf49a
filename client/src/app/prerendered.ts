/**
 * The public pages whose HTML is rendered at build time into index.html (client/build/prerender.ts),
 * so that a first visit paints them before the application's JavaScript has arrived.
 */
export const PRERENDERED_ROUTES = ['/', '/commonquestions'] as const;

/** The landing carousel's pace (the specification: 7000 ms), without React (LandingPage.tsx has the same). */
export const PUBLIC_SLIDE_INTERVAL_MS = 7000;

/** The route a URL fragment names, as the hash router reads it: `#/commonquestions?x` → `/commonquestions`. */
export function routeOfHash(hash: string): string {
  return hash.replace(/^#/, '').split(/[?#]/)[0] || '/';
}

/** The attribute on #root naming the route whose HTML it holds (empty: none). */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/** The id of the inert template that holds a route's HTML until the page is opened on that route. */
export function prerenderedTemplateId(route: string): string {
  return `tn-prerendered:${route}`;
}

/**
 * localStorage: set while this browser is signed in (the refresh cookie itself cannot be read by
 * scripts). With it, `/` waits for the silent refresh instead of showing the landing page to
 * someone about to land on their dashboard.
 */
export const SIGNED_IN_HINT_KEY = 'truenet.signedIn';

/**
 * The template holding the dashboard's frame (the settling navbar and the dashboard's skeleton),
 * which #root shows for a returning person's browser opened on the dashboard or on `/`: their page's
 * frame is painted before any script has arrived, laid out as the application's first render is.
 */
export const DASHBOARD_FRAME_TEMPLATE_ID = 'tn-dashboard-frame';

/**
 * The modules whose code the dashboard needs beyond the entry (AppRoutes.tsx's preloadRouteOf
 * loads the same two): index.html's boot script asks for their files while the page is parsed.
 */
export const DASHBOARD_CODE_MODULES = [
  'src/app/apollo/ApolloRoot.tsx',
  'src/features/dashboard/UserHomePage.tsx',
] as const;

/** The date the frame is rendered with at build time; the page writes today's over it. */
export const DASHBOARD_FRAME_BUILD_DATE = '2000-01-01';

/**
 * Today in the browser's own zone as the dashboard's heading writes it ('Thu Nov 26, 2026'), the
 * format of core's formatDisplayDate, which a test keeps it equal to. Self-contained: the route
 * chooser in index.html runs it before any module has loaded. No Intl formatter: the first one a
 * page builds sets up ICU's date formatting (kit/dates.ts), which would hold back the first paint.
 */
export function localDisplayDate(now: Date): string {
  const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${weekdays[now.getDay()]} ${months[now.getMonth()]} ${now.getDate()}, ${now.getFullYear()}`;
}
